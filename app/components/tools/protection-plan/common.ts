import { formatCents } from "~/domain/money";

export const money = (cents: number) => formatCents(cents, { trimWholeDollars: true });
