import { FramePage } from '../../components/ui/FramePage';

export default function UserEditPage() {
  return <FramePage name="profile" />;
}
