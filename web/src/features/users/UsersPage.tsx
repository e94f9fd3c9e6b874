import { FramePage } from '../../components/ui/FramePage';

export default function UsersPage() {
  return <FramePage name="profile" />;
}
