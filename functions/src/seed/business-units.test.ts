import { describe, expect, it } from 'vitest';
import { seedId } from '../domain/ids.ts';
import { historyBusinessUnits, K12_CITIES_PER_STATE, STATE_NAMES, syntheticBusinessUnits } from './business-units.ts';
import { DEFAULT_DATA_ROOT } from './import.ts';
import { readSchools, type SchoolRow } from './personas.ts';

function school(name: string, city: string, state: string, region: string, type = 'university'): SchoolRow {
  return { unitid: `${state}-${name}`, name, city, state, type, ipedsSector: '1', region };
}

describe('syntheticBusinessUnits', () => {
  const schools = [
    school('A', 'Richmond', 'VA', 'Southeast'),
    school('B', 'Richmond', 'VA', 'Southeast'),
    school('C', 'Norfolk', 'VA', 'Southeast'),
    school('D', 'Fairfax', 'VA', 'Southeast', 'community college'),
    school('E', 'Arlington', 'VA', 'Southeast'),
    school('F', 'Annapolis', 'MD', 'US Service schools'),
    school('G', 'Baltimore', 'MD', 'Mid East'),
    school('H', 'Towson', 'MD', 'Mid East'),
  ];

  it('adds per state K12 districts for its cities with the most institutions, ties A–Z, and one department of education', () => {
    const units = syntheticBusinessUnits(schools);
    expect(units.map((unit) => [unit.state, unit.category, unit.name])).toEqual([
      ['MD', 'K12', 'Annapolis Public Schools'],
      ['MD', 'K12', 'Baltimore Public Schools'],
      ['MD', 'K12', 'Towson Public Schools'],
      ['MD', 'government', 'Maryland Department of Education'],
      ['VA', 'K12', 'Richmond Public Schools'],
      ['VA', 'K12', 'Arlington Public Schools'],
      ['VA', 'K12', 'Fairfax Public Schools'],
      ['VA', 'government', 'Virginia Department of Education'],
    ]);
  });

  it("gives them the region most of the state's schools have, public, synthetic and deterministic ids", () => {
    const units = syntheticBusinessUnits(schools);
    expect(new Set(units.filter((unit) => unit.state === 'MD').map((unit) => unit.region))).toEqual(
      new Set(['Mid East']),
    );
    expect(units.every((unit) => unit.public && unit.synthetic)).toBe(true);
    expect(units[3]?.id).toBe(seedId('state-government', 'MD'));
    expect(syntheticBusinessUnits([...schools].reverse())).toEqual(units);
  });

  it('refuses a state code it has no name for', () => {
    expect(() => syntheticBusinessUnits([school('X', 'Somewhere', 'ZZ', 'Plains')])).toThrow(/ZZ/);
  });

  it('covers every state of the real schools list', async () => {
    const real = await readSchools(DEFAULT_DATA_ROOT);
    const states = new Set(real.map((row) => row.state));
    expect([...states].every((state) => STATE_NAMES[state])).toBe(true);
    const units = syntheticBusinessUnits(real);
    expect(units.filter((unit) => unit.category === 'government')).toHaveLength(states.size);
    const k12 = units.filter((unit) => unit.category === 'K12');
    expect(k12.length).toBeGreaterThan(states.size * 2);
    expect(k12.length).toBeLessThanOrEqual(states.size * K12_CITIES_PER_STATE);
    expect(new Set(units.map((unit) => unit.id)).size).toBe(units.length);
    expect(units.some((unit) => unit.region === 'US Service schools')).toBe(false);
  });
});

describe('historyBusinessUnits', () => {
  it('has every school, not synthetic, with its category from type, then the synthetic units', async () => {
    const real = await readSchools(DEFAULT_DATA_ROOT);
    const units = historyBusinessUnits(real);
    const schoolUnits = units.filter((unit) => !unit.synthetic);
    expect(schoolUnits).toHaveLength(real.length);
    expect(new Set(schoolUnits.map((unit) => unit.category))).toEqual(new Set(['university', 'college']));
    const mason = schoolUnits.find((unit) => unit.name === 'George Mason University');
    expect(mason).toMatchObject({ category: 'university', region: 'Southeast', state: 'VA', public: true });
    expect(mason?.id).toBe(
      seedId('business-unit', real.find((row) => row.name === 'George Mason University')?.unitid ?? ''),
    );
  });
});
