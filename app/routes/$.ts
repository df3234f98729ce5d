import { redirect } from "react-router";

/** Unknown paths redirect to /404, which answers with status 404. */
export function loader() {
  return redirect("/404");
}
