// https://vike.dev/route-string : the unsubscribe link of every review request email.
export default '/unsubscribe/@token';
