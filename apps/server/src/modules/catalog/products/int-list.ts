/** A growing list of 32-bit integers in one typed array (no boxed numbers while a large catalogue is parsed). */
export class IntList {
  private items = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.items.length) {
      const more = new Int32Array(this.items.length * 2);
      more.set(this.items);
      this.items = more;
    }
    this.items[this.length++] = value;
  }

  done(): Int32Array {
    return this.items.slice(0, this.length);
  }
}
