import { describe, expect, it } from 'vitest';
import { IdentityMatchAnswer, identityMatchOf } from '../../src/datasources/shared/civilRegistry.js';

/** An answer that holds every detail, as a registry giving back its own record would. */
const answer = IdentityMatchAnswer.parse({
  birthDate: '1370/01/01',
  fullName: 'مریم احمدی',
  firstName: 'مریم',
  lastName: 'احمدی',
  fatherName: 'علی',
  gender: 'زن',
  status: 'DONE',
  firstNameSimilarity: 100,
  deathStatus: 'زنده',
});

describe('an identity match', () => {
  it('shows back only the details that were claimed, whatever the answer holds', () => {
    const match = identityMatchOf(answer, { birthDate: '1370/01/01', firstName: 'مریم' });
    expect(match).toMatchObject({
      birthDate: '1370/01/01',
      firstName: 'مریم',
      fullName: null,
      lastName: null,
      fatherName: null,
      gender: null,
      firstNameSimilarity: 100,
    });
  });

  it('shows a detail as claimed when the answer holds another: the similarity says how close it was', () => {
    const match = identityMatchOf(answer, { birthDate: '1370/01/01', firstName: 'زهرا', lastName: 'احمدي' });
    expect(match.firstName).toBe('زهرا');
    // The same name but for an Arabic yeh: the answer's spelling is shown.
    expect(match.lastName).toBe('احمدی');
    expect(match.firstNameSimilarity).toBe(100);
  });

  it('shows every detail when every one was claimed', () => {
    const match = identityMatchOf(answer, {
      birthDate: '1370/01/01',
      fullName: 'مریم احمدی',
      firstName: 'مریم',
      lastName: 'احمدی',
      fatherName: 'علی',
      gender: 'FEMALE',
    });
    expect(match).toMatchObject({ fullName: 'مریم احمدی', lastName: 'احمدی', fatherName: 'علی' });
    expect(match.gender).not.toBeNull();
  });
});
