/** /about as built: the story, the mission, the values and the team. */
import { describe, expect, it } from 'vitest';
import { page } from './built';
import { byRole, expectShown, one, outline, textOf } from './query';

const main = () => one(byRole(page('/about'), 'main'), 'main');

describe('about page', () => {
  it('tells the story and the mission', () => {
    for (const name of [/story/i, /mission/i]) {
      expectShown(one(byRole(main(), 'heading', { level: 2, name }), `${name} heading`), `${name}`);
    }
    const story = one(byRole(main(), 'region', { name: /story/i }), 'story');
    const [first] = byRole(story, 'paragraph');
    expect(first && textOf(first)).toMatch(/\w+( \w+){10,}/);
    let mission = one(
      byRole(main(), 'heading', { level: 2, name: /mission/i }),
      'mission',
    ).nextElementSibling;
    while (mission && mission.localName !== 'p') mission = mission.nextElementSibling;
    expect(mission && textOf(mission), 'the paragraph after the mission heading').toMatch(
      /\w+( \w+){10,}/,
    );
  });

  it('lists three values, each with a name and a description', () => {
    const values = one(byRole(main(), 'region', { name: /values/i }), 'values');
    expect(outline(byRole(values, 'heading', { level: 3 }))).toHaveLength(3);
    expect(outline(byRole(values, 'listitem'))).toHaveLength(3);
    for (const value of byRole(values, 'listitem')) {
      expect(textOf(one(byRole(value, 'paragraph'), 'description'))).toMatch(/\w+( \w+){3,}/);
    }
  });

  it('introduces each team member with a name, a role and a bio', () => {
    const team = one(byRole(main(), 'region', { name: /team/i }), 'team');
    const members = byRole(team, 'article');
    expect(members.length).toBeGreaterThan(0);
    for (const member of members) {
      expect(textOf(one(byRole(member, 'heading'), 'name'))).toMatch(/\w/);
      const paragraphs = byRole(member, 'paragraph').map(textOf);
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(paragraphs[0], 'role').not.toBe('');
      expect(paragraphs.at(-1)!.split(/\s+/).length, 'bio is a few sentences').toBeGreaterThan(15);
    }
  });
});
