// The visitor the booking tests book as: a served ZIP and a bookable service.
export const testVisitor = {
  name: 'Dana Reyes',
  phone: '(470) 555-0142',
  email: 'dana@example.com',
  zip: '30040',
  address: '120 Pilgrim Mill Rd, Cumming, GA',
  service: 'water-heater-services',
};
