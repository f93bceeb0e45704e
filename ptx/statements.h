// Splits PTX text into statements: the lexical layer under the parser.
//
// Contract: comments (// and /* */) are removed; a statement is the text up to a ";" (without it) or
// the end of the line for .version .target .address_size .file .loc,
// a label "name:" (kind Label, text = name), a block brace standing alone ('{' / '}'), or an
// entry header ending at its body's '{'. Braces inside a statement (initializers, vector operands)
// stay in its text. Each statement carries the 1-based line where it starts; text is trimmed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rfvar::arch::ptx {

struct Statement {
  enum class Kind { Text, Label, Open, Close } kind = Kind::Text;
  std::string text;
  int line = 0;
};

std::vector<Statement> split_statements(std::string_view text);

// Splits `s` at top-level commas (not inside [], {} or ()), trimming each part.
std::vector<std::string> split_operands(std::string_view s);
std::string trim(std::string_view s);

}  // namespace rfvar::arch::ptx
