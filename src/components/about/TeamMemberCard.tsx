import type { MemberSummary } from '@/queries/content';
import { Photo } from '@/components/ui/Photo';
import { StateBadge } from '@/components/ui/StateBadge';

export function TeamMemberCard({ member }: { member: MemberSummary }) {
  const { data, photo, state } = member;
  return (
    <article className="overflow-hidden rounded-3xl bg-white text-center shadow-sm ring-1 ring-stone-200/70">
      <div className="relative">
        <Photo photo={photo} frame="portrait" />
        <StateBadge state={state} className="absolute bottom-4 left-4" />
      </div>
      <div className="p-6">
        <h3 className="text-xl font-semibold">{data.name}</h3>
        <p className="mt-1 text-sm font-semibold text-brand-700">{data.role}</p>
        <p className="mt-3 text-sm leading-relaxed text-stone-600">{data.bio}</p>
      </div>
    </article>
  );
}
