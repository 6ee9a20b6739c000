import { stat } from 'node:fs/promises';

/**
 * Maintenance mode: on when configured at start OR while the flag file exists, so an operator can switch
 * it without a restart (`touch data/maintenance.flag`). The file is checked at most every `checkEveryMs`.
 */
export class MaintenanceSwitch {
  private fileOn = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly configured: boolean,
    private readonly flagFile?: string,
    private readonly checkEveryMs = 2000,
  ) {}

  get on(): boolean {
    return this.configured || this.fileOn;
  }

  async start(): Promise<void> {
    if (!this.flagFile) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async check(): Promise<void> {
    if (!this.flagFile) return;
    this.fileOn = await stat(this.flagFile).then(
      () => true,
      () => false,
    );
  }
}
