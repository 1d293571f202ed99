import type { Customer } from '../ports/user-api';
import type { PersonalDetails } from './types';

type Names = Pick<PersonalDetails, 'firstName' | 'lastName' | 'emailAddress'>;

/** spec transactions §3, §4 "Session": the customer's name and e-mail fill the personal details left empty. */
export function personalDetailsFromCustomer(current: Names, customer: Customer | undefined): Names {
  if (!customer) return current;
  return {
    firstName: current.firstName.trim() ? current.firstName : (customer.firstname ?? ''),
    lastName: current.lastName.trim() ? current.lastName : (customer.lastname ?? ''),
    emailAddress: current.emailAddress.trim() ? current.emailAddress : (customer.email ?? ''),
  };
}
