// C's demo register: the postcode areas, streets, names, industries and legal forms companies are
// drawn from. Data only; c-company-address.ts and c-postcode-areas.ts read it.

/**
 * Dutch postcode areas: the first 4-digit postcode of each range, its town, province, centre and
 * telephone area code. A postcode belongs to the last row at or before its digits (6211 Maastricht,
 * 1012 Amsterdam). Real towns and positions, rounded.
 */
export const POSTCODE_AREA_ROWS = `
1000|Amsterdam|Noord-Holland|52.3731|4.8926|020
1100|Amsterdam|Noord-Holland|52.3105|4.9725|020
1110|Diemen|Noord-Holland|52.3391|4.9627|020
1120|Landsmeer|Noord-Holland|52.4319|4.9148|020
1130|Volendam|Noord-Holland|52.4949|5.0703|0299
1140|Purmerend|Noord-Holland|52.5050|4.9592|0299
1150|Broek in Waterland|Noord-Holland|52.4347|4.9981|020
1160|Purmerend|Noord-Holland|52.5050|4.9592|0299
1170|Badhoevedorp|Noord-Holland|52.3366|4.7822|020
1180|Amstelveen|Noord-Holland|52.3114|4.8701|020
1190|Ouderkerk aan de Amstel|Noord-Holland|52.2950|4.9080|020
1200|Hilversum|Noord-Holland|52.2292|5.1669|035
1270|Huizen|Noord-Holland|52.2992|5.2417|035
1300|Almere|Flevoland|52.3508|5.2647|036
1380|Weesp|Noord-Holland|52.3075|5.0418|0294
1390|Abcoude|Utrecht|52.2720|4.9693|0294
1400|Bussum|Noord-Holland|52.2733|5.1611|035
1420|Uithoorn|Noord-Holland|52.2375|4.8264|0297
1430|Aalsmeer|Noord-Holland|52.2592|4.7611|0297
1440|Purmerend|Noord-Holland|52.5050|4.9592|0299
1470|Edam|Noord-Holland|52.5137|5.0485|0299
1500|Zaandam|Noord-Holland|52.4420|4.8292|075
1540|Koog aan de Zaan|Noord-Holland|52.4608|4.8050|075
1550|Zaandam|Noord-Holland|52.4420|4.8292|075
1600|Enkhuizen|Noord-Holland|52.7024|5.2890|0228
1620|Hoorn|Noord-Holland|52.6424|5.0597|0229
1670|Medemblik|Noord-Holland|52.7704|5.1029|0227
1700|Heerhugowaard|Noord-Holland|52.6644|4.8297|072
1740|Schagen|Noord-Holland|52.7867|4.7995|0224
1780|Den Helder|Noord-Holland|52.9563|4.7608|0223
1800|Alkmaar|Noord-Holland|52.6324|4.7534|072
1860|Bergen|Noord-Holland|52.6699|4.7000|072
1900|Castricum|Noord-Holland|52.5483|4.6692|0251
1940|Beverwijk|Noord-Holland|52.4833|4.6572|0251
1970|IJmuiden|Noord-Holland|52.4586|4.6194|0255
2000|Haarlem|Noord-Holland|52.3874|4.6462|023
2100|Heemstede|Noord-Holland|52.3580|4.6050|023
2130|Hoofddorp|Noord-Holland|52.3026|4.6892|023
2160|Lisse|Zuid-Holland|52.2570|4.5570|0252
2200|Noordwijk|Zuid-Holland|52.2367|4.4322|071
2220|Katwijk|Zuid-Holland|52.2000|4.4000|071
2240|Wassenaar|Zuid-Holland|52.1428|4.4017|070
2250|Voorschoten|Zuid-Holland|52.1275|4.4486|071
2300|Leiden|Zuid-Holland|52.1601|4.4970|071
2400|Alphen aan den Rijn|Zuid-Holland|52.1294|4.6553|0172
2490|Den Haag|Zuid-Holland|52.0705|4.3007|070
2600|Delft|Zuid-Holland|52.0116|4.3571|015
2640|Pijnacker|Zuid-Holland|52.0195|4.4296|015
2660|Bergschenhoek|Zuid-Holland|51.9897|4.4986|010
2670|Naaldwijk|Zuid-Holland|51.9940|4.2085|0174
2700|Zoetermeer|Zuid-Holland|52.0575|4.4931|079
2740|Waddinxveen|Zuid-Holland|52.0440|4.6514|0182
2800|Gouda|Zuid-Holland|52.0115|4.7105|0182
2900|Capelle aan den IJssel|Zuid-Holland|51.9292|4.5778|010
2950|Alblasserdam|Zuid-Holland|51.8655|4.6600|078
3000|Rotterdam|Zuid-Holland|51.9225|4.4792|010
3100|Schiedam|Zuid-Holland|51.9192|4.3989|010
3130|Vlaardingen|Zuid-Holland|51.9125|4.3419|010
3140|Maassluis|Zuid-Holland|51.9233|4.2500|010
3150|Hoek van Holland|Zuid-Holland|51.9775|4.1330|0174
3160|Rhoon|Zuid-Holland|51.8574|4.4203|010
3180|Rozenburg|Zuid-Holland|51.9040|4.2480|0181
3190|Hoogvliet|Zuid-Holland|51.8625|4.3547|010
3200|Spijkenisse|Zuid-Holland|51.8450|4.3290|0181
3230|Brielle|Zuid-Holland|51.9017|4.1625|0181
3240|Middelharnis|Zuid-Holland|51.7556|4.1736|0187
3300|Dordrecht|Zuid-Holland|51.8133|4.6901|078
3340|Hendrik-Ido-Ambacht|Zuid-Holland|51.8440|4.6380|078
3350|Papendrecht|Zuid-Holland|51.8317|4.6875|078
3360|Sliedrecht|Zuid-Holland|51.8214|4.7764|0184
3400|IJsselstein|Utrecht|52.0200|5.0431|030
3430|Nieuwegein|Utrecht|52.0292|5.0806|030
3440|Woerden|Utrecht|52.0857|4.8833|0348
3500|Utrecht|Utrecht|52.0907|5.1214|030
3600|Maarssen|Utrecht|52.1358|5.0414|0346
3620|Breukelen|Utrecht|52.1711|5.0014|0346
3640|Mijdrecht|Utrecht|52.2069|4.8625|0297
3700|Zeist|Utrecht|52.0893|5.2332|030
3740|Baarn|Utrecht|52.2114|5.2875|035
3760|Soest|Utrecht|52.1739|5.2917|035
3800|Amersfoort|Utrecht|52.1561|5.3878|033
3840|Harderwijk|Gelderland|52.3417|5.6208|0341
3860|Nijkerk|Gelderland|52.2200|5.4861|033
3880|Putten|Gelderland|52.2592|5.6069|0341
3900|Veenendaal|Utrecht|52.0287|5.5589|0318
3940|Doorn|Utrecht|52.0333|5.3417|0343
3950|Driebergen|Utrecht|52.0528|5.2806|0343
4000|Tiel|Gelderland|51.8866|5.4292|0344
4100|Culemborg|Gelderland|51.9550|5.2278|0345
4140|Leerdam|Utrecht|51.8931|5.0917|0345
4200|Gorinchem|Zuid-Holland|51.8306|4.9743|0183
4250|Werkendam|Noord-Brabant|51.8100|4.8944|0183
4300|Zierikzee|Zeeland|51.6500|3.9167|0111
4330|Middelburg|Zeeland|51.4988|3.6136|0118
4380|Vlissingen|Zeeland|51.4551|3.5736|0118
4400|Kapelle|Zeeland|51.4867|3.9583|0113
4460|Goes|Zeeland|51.5042|3.8889|0113
4500|Oostburg|Zeeland|51.3256|3.4886|0117
4530|Terneuzen|Zeeland|51.3358|3.8278|0115
4560|Hulst|Zeeland|51.2800|4.0528|0114
4600|Bergen op Zoom|Noord-Brabant|51.4950|4.2917|0164
4650|Steenbergen|Noord-Brabant|51.5842|4.3194|0167
4700|Roosendaal|Noord-Brabant|51.5308|4.4653|0165
4750|Oudenbosch|Noord-Brabant|51.5883|4.5278|0165
4800|Breda|Noord-Brabant|51.5719|4.7683|076
4870|Etten-Leur|Noord-Brabant|51.5706|4.6356|076
4900|Oosterhout|Noord-Brabant|51.6453|4.8597|0162
4940|Geertruidenberg|Noord-Brabant|51.7017|4.8569|0162
5000|Tilburg|Noord-Brabant|51.5555|5.0913|013
5100|Dongen|Noord-Brabant|51.6267|4.9389|0162
5140|Waalwijk|Noord-Brabant|51.6825|5.0700|0416
5170|Kaatsheuvel|Noord-Brabant|51.6569|5.0403|0416
5200|'s-Hertogenbosch|Noord-Brabant|51.6978|5.3037|073
5260|Vught|Noord-Brabant|51.6533|5.2875|073
5300|Zaltbommel|Gelderland|51.8100|5.2472|0418
5340|Oss|Noord-Brabant|51.7650|5.5181|0412
5400|Uden|Noord-Brabant|51.6608|5.6194|0413
5460|Veghel|Noord-Brabant|51.6167|5.5486|0413
5500|Veldhoven|Noord-Brabant|51.4183|5.4028|040
5600|Eindhoven|Noord-Brabant|51.4416|5.4697|040
5660|Geldrop|Noord-Brabant|51.4217|5.5597|040
5700|Helmond|Noord-Brabant|51.4817|5.6611|0492
5800|Venray|Limburg|51.5258|5.9747|0478
5900|Venlo|Limburg|51.3704|6.1724|077
6000|Weert|Limburg|51.2517|5.7056|0495
6040|Roermond|Limburg|51.1942|5.9875|0475
6100|Echt|Limburg|51.1050|5.8750|0475
6130|Sittard|Limburg|50.9983|5.8692|046
6160|Geleen|Limburg|50.9742|5.8306|046
6200|Maastricht|Limburg|50.8514|5.6910|043
6230|Meerssen|Limburg|50.8853|5.7500|043
6250|Eijsden|Limburg|50.7772|5.7100|043
6260|Gulpen|Limburg|50.8158|5.8903|043
6300|Valkenburg|Limburg|50.8650|5.8317|043
6370|Landgraaf|Limburg|50.9083|6.0297|045
6400|Heerlen|Limburg|50.8882|5.9795|045
6460|Kerkrade|Limburg|50.8658|6.0625|045
6500|Nijmegen|Gelderland|51.8126|5.8372|024
6600|Wijchen|Gelderland|51.8092|5.7250|024
6700|Wageningen|Gelderland|51.9692|5.6653|0317
6710|Ede|Gelderland|52.0400|5.6650|0318
6800|Arnhem|Gelderland|51.9851|5.8987|026
6900|Zevenaar|Gelderland|51.9300|6.0708|0316
7000|Doetinchem|Gelderland|51.9650|6.2889|0314
7100|Winterswijk|Gelderland|51.9725|6.7194|0543
7200|Zutphen|Gelderland|52.1383|6.2014|0575
7300|Apeldoorn|Gelderland|52.2112|5.9699|055
7400|Deventer|Overijssel|52.2550|6.1639|0570
7500|Enschede|Overijssel|52.2215|6.8937|053
7550|Hengelo|Overijssel|52.2658|6.7931|074
7600|Almelo|Overijssel|52.3567|6.6625|0546
7700|Dedemsvaart|Overijssel|52.6000|6.4583|0523
7740|Coevorden|Drenthe|52.6608|6.7408|0524
7800|Emmen|Drenthe|52.7792|6.9069|0591
7900|Hoogeveen|Drenthe|52.7225|6.4764|0528
7940|Meppel|Drenthe|52.6958|6.1944|0522
8000|Zwolle|Overijssel|52.5168|6.0830|038
8100|Raalte|Overijssel|52.3875|6.2750|0572
8200|Lelystad|Flevoland|52.5185|5.4714|0320
8250|Dronten|Flevoland|52.5250|5.7181|0321
8260|Kampen|Overijssel|52.5550|5.9111|038
8300|Emmeloord|Flevoland|52.7108|5.7481|0527
8330|Steenwijk|Overijssel|52.7875|6.1208|0521
8400|Gorredijk|Friesland|53.0058|6.0653|0513
8440|Heerenveen|Friesland|52.9597|5.9194|0513
8500|Joure|Friesland|52.9667|5.8000|0513
8530|Lemmer|Friesland|52.8442|5.7103|0514
8600|Sneek|Friesland|53.0325|5.6589|0515
8700|Bolsward|Friesland|53.0650|5.5292|0515
8800|Franeker|Friesland|53.1867|5.5403|0517
8860|Harlingen|Friesland|53.1744|5.4272|0517
8900|Leeuwarden|Friesland|53.2012|5.7999|058
9000|Grou|Friesland|53.0947|5.8361|0566
9100|Dokkum|Friesland|53.3253|5.9989|0519
9200|Drachten|Friesland|53.1125|6.0989|0512
9300|Roden|Drenthe|53.1375|6.4333|050
9400|Assen|Drenthe|52.9925|6.5625|0592
9500|Stadskanaal|Groningen|52.9886|6.9500|0599
9600|Hoogezand|Groningen|53.1619|6.7611|0598
9700|Groningen|Groningen|53.2194|6.5665|050
9750|Haren|Groningen|53.1731|6.6047|050
9800|Zuidhorn|Groningen|53.2467|6.4042|0594
9900|Appingedam|Groningen|53.3219|6.8583|0596
9930|Delfzijl|Groningen|53.3303|6.9181|0596
9950|Winsum|Groningen|53.3306|6.5194|0595
9970|Uithuizen|Groningen|53.4083|6.6708|0595
`;

export const STREETS = [
  'Damrak',
  'Herengracht',
  'Keizersgracht',
  'Stationsplein',
  'Marktstraat',
  'Kerkstraat',
  'Dorpsstraat',
  'Industrieweg',
  'Havenkade',
  'Molenweg',
  'Schoolstraat',
  'Beukenlaan',
];
export const SURNAMES = ['Jansen', 'Visser', 'Smit', 'Bakker', 'Meijer', 'Mulder', 'Bos', 'Vos', 'Peters', 'Hendriks', 'Dijkstra', 'Kok'];
export const PREFIXED = ['Berg', 'Dijk', 'Leeuwen', 'Vliet', 'Dam', 'Wal'];
export const WORDS = ['Gracht', 'Polder', 'Molen', 'Tulp', 'Delta', 'Kade', 'Duin', 'Haven', 'Brug', 'Noorder'];
export const INDUSTRIES = [
  {
    code: 6201,
    description: 'Computer programming activities',
    segment: 'ICT',
    yp: 'Software development',
    sub: 'Ontwikkelen van software',
  },
  {
    code: 7022,
    description: 'Business and other management consultancy activities',
    segment: 'Zakelijke dienstverlening',
    yp: 'Consultancy',
    sub: 'Organisatie-adviesbureaus',
  },
  { code: 5610, description: 'Restaurants and mobile food service activities', segment: 'Horeca', yp: 'Restaurants', sub: 'Restaurants' },
  {
    code: 4711,
    description: 'Retail sale in non-specialised stores with food predominating',
    segment: 'Detailhandel',
    yp: 'Supermarkets',
    sub: 'Supermarkten',
  },
  {
    code: 4120,
    description: 'Construction of residential and non-residential buildings',
    segment: 'Bouw',
    yp: 'Building contractors',
    sub: 'Algemene burgerlijke en utiliteitsbouw',
  },
  { code: 6910, description: 'Legal activities', segment: 'Zakelijke dienstverlening', yp: 'Lawyers', sub: 'Advocatenkantoren' },
  {
    code: 8621,
    description: 'General medical practice activities',
    segment: 'Zorg',
    yp: 'General practitioners',
    sub: 'Huisartsenpraktijken',
  },
  {
    code: 4941,
    description: 'Freight transport by road',
    segment: 'Transport en logistiek',
    yp: 'Transport companies',
    sub: 'Goederenvervoer over de weg',
  },
] as const;
export const LEGAL_FORMS = [
  { code: 1, suffix: '' },
  { code: 11, suffix: 'V.O.F.' },
  { code: 41, suffix: 'B.V.' },
  { code: 41, suffix: 'B.V.' },
  { code: 51, suffix: 'N.V.' },
] as const;
export const EXTENSIONS = [null, null, null, 'A', 'B', '1', '2', 'bis'] as const;
export const WORKFORCE = [
  { max: 1, cls: 1 },
  { max: 4, cls: 2 },
  { max: 9, cls: 3 },
  { max: 19, cls: 4 },
  { max: 49, cls: 5 },
  { max: 99, cls: 6 },
  { max: 499, cls: 7 },
] as const;
