import type { Customer } from '../ports/user-api';
import type { PersonalDetails } from './types';

type Names = Pick<PersonalDetails, 'firstName' | 'lastName' | 'emailAddress'>;

/**
 * spec transactions §3 checkout personalDetails, §4 "Session": a logged-in customer's name and e-mail fill the
 * personal details the shopper has left empty. What the shopper typed is never overwritten.
 */
export function personalDetailsFromCustomer(current: Names, customer: Customer | undefined): Names {
  if (!customer) return current;
  return {
    firstName: current.firstName.trim() ? current.firstName : (customer.firstname ?? ''),
    lastName: current.lastName.trim() ? current.lastName : (customer.lastname ?? ''),
    emailAddress: current.emailAddress.trim() ? current.emailAddress : (customer.email ?? ''),
  };
}
