import type { MemberSummary } from '@/queries/content';
import { Photo } from '@/components/ui/Photo';

export function TeamMemberCard({ member: { data: member, photo } }: { member: MemberSummary }) {
  return (
    <article className="overflow-hidden rounded-3xl bg-white text-center shadow-sm ring-1 ring-stone-200/70">
      <Photo photo={photo} frame="portrait" />
      <div className="p-6">
        <h3 className="text-xl font-semibold">{member.name}</h3>
        <p className="mt-1 text-sm font-semibold text-brand-700">{member.role}</p>
        <p className="mt-3 text-sm leading-relaxed text-stone-600">{member.bio}</p>
      </div>
    </article>
  );
}
