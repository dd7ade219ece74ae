export { Avatar } from './Avatar';
export { Badge, StatusPill, statusLabel, statusTone, type Tone } from './Badge';
export { Card, type CardProps } from './Card';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { LegalDocument, type LegalSection } from './LegalDocument';
export { PageHeader } from './PageHeader';
export { Skeleton, SkeletonText } from './Skeleton';
export { StatCard, type StatCardProps, type StatTone } from './StatCard';
export { LastActivity, PersonCell } from './PersonCell';
