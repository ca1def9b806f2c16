import type { WorkerProfile } from '@domain';
import { useTranslation } from 'react-i18next';
import { DetailList } from './detail-list';

export type WorkwearTabProps = {
  worker: WorkerProfile;
};

export function WorkwearTab({ worker }: WorkwearTabProps) {
  const { t } = useTranslation();
  return (
    <DetailList
      items={[
        { key: 'jacket', label: t('profile.workwear.jacket'), value: worker.jacketSize },
        { key: 'gloves', label: t('profile.workwear.gloves'), value: worker.glovesSize },
        { key: 'pants', label: t('profile.workwear.pants'), value: worker.pantsSize },
        { key: 'shoes', label: t('profile.workwear.shoes'), value: worker.shoesSize },
      ]}
    />
  );
}
