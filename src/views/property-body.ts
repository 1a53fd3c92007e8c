// The parts of D's and G's property body the fact sheet reads (G adds the mortgage).
import { z } from 'zod';

const text = z.string().optional().catch(undefined);
const num = z.number().optional().catch(undefined);
const section = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).optional().catch(undefined);

export const propertyRecord = z.looseObject({
  identifier: section({ Id: num, apn: text, fips: text }),
  address: section({ oneLine: text, line1: text, line2: text, locality: text, countrySubd: text, postal1: text }),
  location: section({ latitude: text, longitude: text, accuracy: text }),
  lot: section({ lotsize1: num, lotsize2: num, pooltype: text }),
  summary: section({ proptype: text, propsubtype: text, propclass: text, yearbuilt: num, propLandUse: text, legal1: text }),
  utilities: section({ heatingfuel: text, heatingtype: text }),
  building: section({
    size: section({ livingsize: num, universalsize: num, bldgsize: num }),
    rooms: section({ beds: num, bathstotal: num, bathsfull: num, roomsTotal: num }),
    construction: section({ condition: text, wallType: text }),
    parking: section({ prkgSize: num, prkgSpaces: text }),
    summary: section({ archStyle: text, levels: num, quality: text, view: text }),
  }),
  mortgage: section({
    amount: num,
    date: text,
    duedate: text,
    deedtype: text,
    lender: section({ companycode: text }),
    title: section({ companyname: text }),
  }),
  vintage: section({ lastModified: text, pubDate: text }),
});
export type PropertyRecord = z.infer<typeof propertyRecord>;

export const propertyBody = z.looseObject({ property: z.array(propertyRecord) });
