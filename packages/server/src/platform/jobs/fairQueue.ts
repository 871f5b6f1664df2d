/** What the fair queue needs to know of a held job: whose it is, and when it may take its next step. */
export interface QueuedTurn {
  companyId: string;
  /** Epoch ms before which the job sits out (a step failed and waits before it is tried again). */
  notBefore: number;
}

/**
 * Round robin by company, then by job within a company: the next turn goes to the company that waited
 * longest, and within it to its job that waited longest. A company with ten jobs gets as many steps as a
 * company with one, so a small job never waits behind another company's large ones.
 */
export class FairQueue<T extends QueuedTurn> {
  /** Companies in turn order, each with its jobs in turn order. */
  private readonly companies: Array<{ companyId: string; jobs: T[] }> = [];

  get size(): number {
    return this.companies.reduce((sum, c) => sum + c.jobs.length, 0);
  }

  /** Every job held, in no particular order. */
  all(): T[] {
    return this.companies.flatMap((c) => c.jobs);
  }

  companyIds(): string[] {
    return this.companies.map((c) => c.companyId);
  }

  /** A new job takes its turn after every job already waiting in its company; a new company goes last. */
  add(job: T): void {
    const company = this.companies.find((c) => c.companyId === job.companyId);
    if (company) company.jobs.push(job);
    else this.companies.push({ companyId: job.companyId, jobs: [job] });
  }

  remove(job: T): void {
    const at = this.companies.findIndex((c) => c.companyId === job.companyId);
    const company = this.companies[at];
    if (!company) return;
    company.jobs = company.jobs.filter((j) => j !== job);
    if (company.jobs.length === 0) this.companies.splice(at, 1);
  }

  /**
   * The job whose turn it is at `now`, moved to the back of its company and its company to the back of the
   * line; jobs sitting out are passed over. Null when every job sits out.
   */
  next(now: number): T | null {
    for (let i = 0; i < this.companies.length; i++) {
      const company = this.companies[i] as { companyId: string; jobs: T[] };
      const at = company.jobs.findIndex((j) => j.notBefore <= now);
      if (at < 0) continue;
      const [job] = company.jobs.splice(at, 1) as [T];
      company.jobs.push(job);
      this.companies.splice(i, 1);
      this.companies.push(company);
      return job;
    }
    return null;
  }

  /** The earliest moment a job sitting out may go again (Infinity when none waits). */
  nextReadyAt(): number {
    return Math.min(...this.all().map((j) => j.notBefore));
  }
}
