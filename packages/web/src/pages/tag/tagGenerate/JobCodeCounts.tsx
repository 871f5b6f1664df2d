import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type CodeRecordRow } from '@rd/contract';
import { BindingPageLink } from '../../../components/BindingPageLink';
import { usePermission } from '../../../components/usePermission';
import { PACK_PATH, produceLink } from '../../public/binding/bindingLinks';
import { formatCount } from './formatCount';

type CountedJob = Pick<CodeRecordRow, 'id' | 'ruleKind' | 'productId' | 'batchId' | 'boundCount' | 'activatedCount' | 'voidedCount'>;

/**
 * A job's codes by state, apart: bound to a batch, in force, voided. A job made for a batch has all its codes
 * bound at once, yet none in force until they are activated. For users who may bind codes, the bound count of an
 * item job leads to the page binding codes to a batch (the job's batch, or product, picked already), and a box
 * job offers the packing page.
 */
export function JobCodeCounts({ row }: { row: CountedJob }) {
  const { t } = useTranslation();
  const mayBind = usePermission(PERMISSIONS.codeBind);
  const bound = t('tagGenerate.counts.bound', { n: formatCount(row.boundCount) });
  return (
    <div className="job-progress__count" data-testid={`job-counts-${row.id}`}>
      <div>
        {mayBind && row.ruleKind === 'ITEM' ? (
          <BindingPageLink
            inline
            to={produceLink({ productId: row.productId, batchId: row.batchId })}
            hint={t(row.batchId ? 'bindingGuide.links.produceBatchHint' : 'bindingGuide.links.produceHint')}
            testId={`job-bind-${row.id}`}
          >
            {bound}
          </BindingPageLink>
        ) : (
          bound
        )}
      </div>
      <div>{t('tagGenerate.counts.activated', { n: formatCount(row.activatedCount) })}</div>
      <div>{t('tagGenerate.counts.voided', { n: formatCount(row.voidedCount) })}</div>
      {row.ruleKind === 'BOX' && (
        <BindingPageLink inline to={PACK_PATH} hint={t('bindingGuide.links.packHint')} testId={`job-pack-${row.id}`}>
          {t('bindingGuide.links.pack')}
        </BindingPageLink>
      )}
    </div>
  );
}
