import { redirect } from "react-router";

/** Unknown paths go to /404, which answers with status 404 (spec §2). */
export function loader() {
  return redirect("/404");
}
