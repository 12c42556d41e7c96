// A room's calls, one at a time: workerd lets an object's calls interleave at every await, so a
// room that awaits (Postgres, the primary) between reading and writing its snapshot queues them.
export class Turns {
  #last: Promise<unknown> = Promise.resolve()

  /** Runs `work` once every call before it has finished, failed or not. */
  take<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#last.then(work)
    this.#last = result.catch(() => undefined)
    return result
  }
}
