// A body holding every field of the spec's M response: an object envelope.
import { callsForService } from '../../m-calls-for-service.ts';
import { defineSamples } from '../define-samples.ts';
export const callsForServiceSample = {
  total_incidents: 1,
  total_pages: 1,
  incidents: [
    {
      call_city_key: 'US SFO',
      call_code: '2412844124',
      call_date: '2024-05-07T23:38:49.587Z',
      call_type: 'Suspicious Person',
      call_description: 'Subject pacing in front of a closed storefront for over an hour. Priority C; 1 unit dispatched.',
      call_latitude: 37.775054,
      call_longitude: -122.413933,
      call_address: '1500 Block of MISSION ST',
    },
  ],
};

export const samples = defineSamples(callsForService, { calls: [callsForServiceSample] });
