// A body holding every field of the spec's table H (fictitious person).
import { sexOffenders } from '../../h-sex-offenders.ts';
import { defineSamples } from '../define-samples.ts';
export const sexOffendersSample = {
  sex_offenders_count: 1,
  pages_count: 1,
  sex_offenders: [
    {
      sex_offender_state: 'IL',
      sex_offender_location: 'Springfield',
      sex_offender_zipcode: '62701',
      sex_offender_lat: '39.781700',
      sex_offender_lon: '-89.650100',
      sex_offender_name: 'John Michael Doe',
      sex_offender_first_name: 'John',
      sex_offender_middle_name: 'Michael',
      sex_offender_last_name: 'Doe',
      sex_offender_birthdate: '1970-04-12',
      sex_offender_age: 56,
      sex_offender_address_line1: '123 Main Street',
      sex_offender_address_line2: 'Springfield, IL 62701',
      sex_offender_sex: 'M',
      sex_offender_race: 'White',
      sex_offender_height: `5'10"`,
      sex_offender_weight: '180 lbs',
      sex_offender_hair: 'Brown',
      sex_offender_eyes: 'Blue',
      sex_offender_marks: 'Tattoo on left forearm; Scar on right cheek',
      sex_offender_aliases: 'Johnny Doe; J. M. Doe',
      sex_offender_charges: 'Indecent exposure; Failure to register as a sex offender',
      sex_offender_changes: 'Address updated 2025-06-14',
      sex_offender_is_predator: 'false',
      sex_offender_is_absconder: 'false',
      sex_offender_image_url: 'https://registry-images.example.org/il/12345678.jpg',
    },
  ],
};

export const samples = defineSamples(sexOffenders, { records: [sexOffendersSample] });
