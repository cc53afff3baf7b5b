import { ForbiddenView } from "../../components/ForbiddenView";

export function ForbiddenPage() {
  return <ForbiddenView />;
}
