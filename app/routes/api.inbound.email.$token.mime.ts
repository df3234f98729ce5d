// Mailgun posts an email's raw MIME (`body-mime`) only to a URL that ends in "mime".
export { action, loader } from "./api.inbound.email.$token";
