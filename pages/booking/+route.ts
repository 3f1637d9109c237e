// https://vike.dev/route-string : the customer's own page of a booking, /booking/<token>.
export default '/booking/@token';
