import { FramePage } from '../../components/ui/FramePage';

export default function ProfilePage() {
  return <FramePage name="profile" />;
}
