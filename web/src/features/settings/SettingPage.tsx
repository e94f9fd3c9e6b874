import { FramePage } from '../../components/ui/FramePage';

export default function SettingPage() {
  return <FramePage name="profile" />;
}
