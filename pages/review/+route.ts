// https://vike.dev/route-string : the personal link of a review request, /review/<token>.
export default '/review/@token';
