import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Reloads the page's data every `ms` while mounted (for work the server finishes on its own). */
export function useRevalidateEvery(ms: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, ms);
    return () => clearInterval(timer);
  }, [revalidator, ms]);
}
