/**
 * A refusal of what the user asked, in words they can act on: the message, the field it is about
 * (when one is) and the HTTP status to answer with. Lib functions throw it; the route's action
 * turns it into its form's reply or a JSON error (`catchInputError`), never a 500.
 *
 * Not the domain's `InvalidInputError`: that one means a calculation was handed input its
 * `validate…` function refuses (a bug in the caller), and its message is for developers.
 */
export class InputError extends Error {
  readonly field?: string;
  readonly status: InputErrorStatus;

  constructor(
    message: string,
    { field, status = 400 }: { field?: string; status?: InputErrorStatus } = {},
  ) {
    super(message);
    this.field = field;
    this.status = status;
  }
}

export type InputErrorStatus = 400 | 404 | 409 | 422;

/** Runs `run`; an `InputError` it throws becomes `onError`'s answer, anything else goes on up. */
export async function catchInputError<Result, Refusal>(
  run: () => Result | Promise<Result>,
  onError: (error: InputError) => Refusal | Promise<Refusal>,
): Promise<Result | Refusal> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return await onError(error);
  }
}
