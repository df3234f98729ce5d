/** The toast's colors, shared by the plain banner and the Radix toast. */
export const toastVariantClass = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-700 bg-red-600 text-white",
};
