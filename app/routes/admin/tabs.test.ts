import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, tabsFor } from './tabs';

const labels = (tabs: { label: string }[]) => tabs.map((tab) => tab.label);

describe('admin tabs', () => {
  it('admins see every tab, Money included', () => {
    expect(labels(tabsFor('admin'))).toEqual(labels(ADMIN_TABS));
    expect(labels(tabsFor('admin'))).toContain('Money');
  });

  it('staff see Money only when they hold the treasurer club role', () => {
    expect(labels(tabsFor('staff'))).not.toContain('Money');
    expect(labels(tabsFor('staff', ['secretary', 'welfare_officer']))).not.toContain('Money');
    const treasurer = labels(tabsFor('staff', ['treasurer']));
    expect(treasurer).toContain('Money');
    expect(treasurer).not.toContain('Settings');
    expect(treasurer.filter((label) => label !== 'Money')).toEqual(labels(tabsFor('staff')));
  });
});

describe('safeguarding tabs', () => {
  it('the secretary and the welfare officer see Safeguarding and Parents & carers; a coach does not', () => {
    expect(labels(tabsFor('staff'))).not.toContain('Parents & carers');
    expect(labels(tabsFor('staff'))).not.toContain('Safeguarding');
    for (const role of ['secretary', 'welfare_officer'] as const) {
      expect(labels(tabsFor('staff', [role]))).toEqual(expect.arrayContaining(['Safeguarding', 'Parents & carers']));
    }
  });
});
