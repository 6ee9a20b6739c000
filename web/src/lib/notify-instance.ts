import { toast } from 'sonner';
import { createNotifier } from './notify';

/** The app-wide notifier; use it instead of calling sonner's `toast` directly. */
export const notify = createNotifier(toast);
