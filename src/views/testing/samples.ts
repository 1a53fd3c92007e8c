// Bodies shaped as the spec's tables I, S, T, D/G describe, for the views' tests.
export const ratesSample = {
  success: true,
  timeseries: true,
  start_date: '2024-01-01',
  end_date: '2024-01-03',
  base: 'EUR',
  rates: {
    '2024-01-03': { USD: 1.092, GBP: 0.861 },
    '2024-01-01': { USD: 1.104, GBP: 0.867 },
    '2024-01-02': { USD: 1.094, GBP: 0.864 },
  },
};

export const transactionSample = {
  apiVersion: '2023-04-25',
  requestId: '601c1710034ed6d407996b30',
  context: 'yourExampleString',
  data: {
    item: {
      index: 7,
      isConfirmed: true,
      minedInBlockHash: '00000000000000000007a8e7f1a5c3d1',
      minedInBlockHeight: 826_413,
      recipients: [
        { address: 'bc1qrecipient0001', amount: '0.25' },
        { address: 'bc1qchange0002', amount: '1.1' },
      ],
      senders: [{ address: 'bc1qsender0001', amount: '1.3502' }],
      timestamp: 1_706_000_000,
      transactionHash: 'b6f6991d03df0e2e04dafffcd6bc418aac66049e2cd74b80f14ac86db1e3f0da',
      transactionId: 'b6f6991d03df0e2e04dafffcd6bc418aac66049e2cd74b80f14ac86db1e3f0da',
      fee: { amount: '0.0002', unit: 'BTC' },
      blockchainSpecific: { locktime: 0, size: 223, vSize: 141, version: 2 },
    },
  },
};

export const podcastSample = {
  took: 0.118,
  count: 2,
  total: 1204,
  next_offset: 2,
  results: [
    {
      id: 'ep1',
      rss: 'https://feeds.example.com/startups',
      link: 'https://example.com/episodes/1',
      audio: 'https://cdn.example.com/ep1.mp3',
      image: 'https://cdn.example.com/ep1.jpg',
      thumbnail: 'https://cdn.example.com/ep1-thumb.jpg',
      podcast: { title_original: 'Startup Stories' },
      store_id: 1,
      pub_date_ms: 1_706_000_000_000,
      guid_from_rss: 'guid-1',
      title_original: 'How to build a startup',
      search_service_url: 'https://search.example.com/ep1',
      audio_length_sec: 2710,
      explicit_content: false,
      title_highlighted: 'How to build a <span class="highlight">startup</span>',
      description_original: '<p>Founders share lessons.</p>',
      description_highlighted: '<p>Founders share <b>lessons</b> about <span class="highlight">startups</span>.</p>',
      transcripts_highlighted: [],
    },
    {
      id: 'ep2',
      link: 'javascript:alert(1)',
      audio: 'https://cdn.example.com/ep2.mp3',
      title_original: 'Evil episode',
      title_highlighted: 'Evil <span class="highlight" onclick="steal()">startup</span><script>alert(1)</script>',
      description_highlighted:
        '<img src="x" onerror="alert(1)">Read <a href="javascript:alert(1)">more</a> <em style="color:red">now</em><iframe src="https://evil.example"></iframe>',
      audio_length_sec: 45,
      explicit_content: true,
      pub_date_ms: 1_700_000_000_000,
    },
  ],
};

export const propertySample = {
  status: { version: '1.0.0', code: 0, msg: 'SuccessWithResult', total: 1, page: 1, pagesize: 10, transactionID: 'abc' },
  property: [
    {
      identifier: { Id: 4_215_327, fips: '06037', apn: '5432-012-034', recordId: 4_215_327 },
      lot: { lotnum: '12', lotsize1: 0.15, lotsize2: 6534, pooltype: 'NO POOL' },
      address: { oneLine: '4529 WINONA CT, DENVER, CO 80212', line1: '4529 WINONA CT', line2: 'DENVER, CO 80212' },
      location: { latitude: '39.778083', longitude: '-105.047328', accuracy: 'Rooftop' },
      summary: { proptype: 'SFR', propsubtype: 'RESIDENTIAL', propclass: 'Single Family Residence', yearbuilt: 1900 },
      utilities: { heatingfuel: 'GAS', heatingtype: 'FORCED AIR' },
      building: { size: { livingsize: 1414, bldgsize: 1414 }, rooms: { beds: 3, bathstotal: 2, roomsTotal: 6 } },
      mortgage: {
        lender: { companycode: '45178' },
        title: { companyname: 'FIRST AMERICAN' },
        amount: 312_000,
        date: '2019-06-14',
        deedtype: 'DEED OF TRUST',
        duedate: '',
      },
      vintage: { lastModified: '2024-03-01', pubDate: '2024-03-02' },
    },
  ],
};
