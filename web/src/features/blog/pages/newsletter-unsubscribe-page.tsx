import { NewsletterUnsubscribePage } from './newsletter-link-page';

export default NewsletterUnsubscribePage;
