import { EstimatePublic, type EstimatePublicProps } from '@/features/documents/EstimatePublic';

/** Estimates/Public (PAGES.md, /estimates/view/{token}): the customer's view of an estimate, without the app's menu. */
export default function EstimatesPublic(props: EstimatePublicProps) {
  return <EstimatePublic {...props} />;
}
