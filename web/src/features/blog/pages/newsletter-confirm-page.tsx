import { NewsletterConfirmPage } from './newsletter-link-page';

export default NewsletterConfirmPage;
