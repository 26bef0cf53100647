// The token stream the formatter works on. The lexer (src/format/hcl-lexer.ts) fills it and
// hclwrite's passes (src/format/hcl.ts) only ever change the spaces before each token.
//
// Tokens are kept as parallel typed arrays, not one object per token: a 1000-node main.tf has
// over 100,000 tokens, and objects that live through the whole format were a large part of
// its cost (allocation, then the garbage collector copying them out of the young generation).
// A token's text is its range of the source, so nothing is copied until the output is
// written, and then mostly as whole runs of unchanged source (src/format/hcl-write.ts).

/**
 * hclsyntax's token types (hclsyntax/token.go), as far as the format passes tell them apart.
 * A numeric enum so that a token's kind fits in a byte; esbuild inlines the member reads.
 */
export enum Kind {
  Newline,
  Comment,
  Ident,
  Number,
  OBrace,
  CBrace,
  OBrack,
  CBrack,
  OParen,
  CParen,
  TemplateInterp,
  TemplateControl,
  TemplateSeqEnd,
  OQuote,
  QuotedLit,
  CQuote,
  OHeredoc,
  StringLit,
  CHeredoc,
  Equal,
  EqualOp,
  NotEqual,
  LessThan,
  LessThanEq,
  GreaterThan,
  GreaterThanEq,
  And,
  Or,
  Bang,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Question,
  Colon,
  DoubleColon,
  Comma,
  Dot,
  Ellipsis,
  FatArrow,
}

export const KIND_COUNT = Kind.FatArrow + 1;

export class Tokens {
  /** Set by the lexer once it has filled the arrays. */
  count = 0;
  readonly kinds: Uint8Array;
  /** The token's text is `src.slice(starts[i], ends[i])`, unless it has a replacement. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /**
   * Spaces written before the token; every format pass only ever changes this. The lexer
   * sets it to the length of the source between the token and the one before, so that a
   * pass can tell whether it changes anything (Lines.dirty).
   */
  readonly spaces: Int32Array;
  /**
   * Text that differs from the token's source range: a comment without its trailing
   * whitespace, a CRLF written as LF. Rare, so a map by token index.
   */
  private readonly replaced = new Map<number, string>();

  constructor(readonly src: string) {
    // Every token takes at least one character of the source, so this never needs to grow
    // and the lexer writes without checking. Buffers this size are cheap to get (about
    // 0.05 ms for the 7 MB of a 500 KB file, measured on Node 20: calloc hands out fresh
    // zero pages).
    const capacity = src.length + 1;
    this.kinds = new Uint8Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.spaces = new Int32Array(capacity);
  }

  /** Gives token `i` a text other than its source range. */
  replace(i: number, text: string): void {
    this.replaced.set(i, text);
  }

  kind(i: number): Kind {
    return this.kinds[i] ?? Kind.Newline;
  }

  hasReplacements(): boolean {
    return this.replaced.size > 0;
  }

  replacement(i: number): string | undefined {
    return this.replaced.size === 0 ? undefined : this.replaced.get(i);
  }
}
