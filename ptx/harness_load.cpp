// Reading and validating a harness TOML file (the format of docs/cuda-harness.md).
#include <toml++/toml.h>

#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "ptx/harness.h"
#include "common/config.h"
#include "common/limits.h"

namespace rfvar::arch::ptx {

namespace {
class Loader {
 public:
  explicit Loader(const std::filesystem::path& p) {
    h_.path = p;
    h_.file = p.filename().string();
  }

  Harness run() {
    toml::table t;
    try {
      // A FIFO or a huge file is refused before it is read (common/limits.h).
      t = toml::parse(read_text_input(h_.path, Limits{}.max_input_bytes), h_.path.string());
    } catch (const toml::parse_error& e) {
      throw InputError(h_.file + ":" + std::to_string(e.source().begin.line) + ": " +
                       std::string(e.description()));
    }
    only(t, {"name", "description", "ptx", "buffer", "step"}, "");
    h_.name = str(t, "name", "", h_.path.stem().string());
    h_.description = str(t, "description", "", "");
    const std::string ptx = str(t, "ptx", "", "");
    if (ptx.empty()) fail("ptx", "missing (the PTX file, relative to the harness)");
    h_.ptx = h_.path.parent_path() / ptx;
    if (const toml::node* b = t.get("buffer")) {
      const toml::array* arr = b->as_array();
      if (!arr) fail("buffer", "must be an array of tables ([[buffer]])");
      for (std::size_t k = 0; k < arr->size(); ++k) buffer(*arr->get(k), "buffer " + std::to_string(k + 1));
    }
    if (const toml::node* s = t.get("step")) {
      const toml::array* arr = s->as_array();
      if (!arr) fail("step", "must be an array of tables ([[step]])");
      for (std::size_t k = 0; k < arr->size(); ++k) step(*arr->get(k), "step " + std::to_string(k + 1));
    }
    if (h_.steps.empty()) fail("step", "no [[step]]: nothing to run");
    return h_;
  }

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& what) const {
    throw InputError(h_.file + ": " + key + ": " + what);
  }
  static std::string at(const std::string& where, const std::string& key) {
    return where.empty() ? key : where + " " + key;
  }

  void only(const toml::table& t, std::set<std::string> keys, const std::string& where) const {
    for (const auto& [k, v] : t)
      if (!keys.count(std::string(k.str()))) fail(at(where, std::string(k.str())), "unknown key");
  }
  std::string str(const toml::table& t, const std::string& key, const std::string& where,
                  std::string def) const {
    const toml::node* n = t.get(key);
    if (!n) return def;
    if (!n->is_string()) fail(at(where, key), "must be a string");
    return *n->value<std::string>();
  }
  double num(const toml::table& t, const std::string& key, const std::string& where, double def) const {
    const toml::node* n = t.get(key);
    if (!n) return def;
    if (!n->is_number()) fail(at(where, key), "must be a number");
    return *n->value<double>();
  }
  std::int64_t integer(const toml::table& t, const std::string& key, const std::string& where,
                       std::int64_t def) const {
    const toml::node* n = t.get(key);
    if (!n) return def;
    if (!n->is_integer()) fail(at(where, key), "must be an integer");
    return *n->value<std::int64_t>();
  }

  // acc += sign * digits, InputError if it leaves 64 bits.
  void add(std::int64_t& acc, std::int64_t sign, const std::string& digits, const std::string& key,
           const std::string& text) const {
    std::int64_t v = 0;
    try {
      v = std::stoll(digits);
    } catch (const std::exception&) {
      fail(key, "'" + text + "': " + digits + " does not fit in 64 bits");
    }
    if (__builtin_mul_overflow(v, sign, &v) || __builtin_add_overflow(acc, v, &acc))
      fail(key, "'" + text + "' does not fit in 64 bits");
  }

  // "A*i+B" (either part optional, signs allowed), or a plain integer.
  Expr expr(const toml::node& n, const std::string& key) const {
    if (n.is_integer()) return Expr{0, *n.value<std::int64_t>()};
    if (!n.is_string()) fail(key, "must be an integer or an expression \"A*i+B\"");
    const std::string text = *n.value<std::string>();
    std::string s;
    for (char c : text)
      if (!std::isspace(static_cast<unsigned char>(c))) s += c;
    Expr e;
    std::size_t i = 0;
    if (s.empty()) fail(key, "empty expression");
    while (i < s.size()) {
      std::int64_t sign = 1;
      if (s[i] == '+' || s[i] == '-') sign = s[i++] == '-' ? -1 : 1;
      std::size_t j = i;
      while (j < s.size() && s[j] != '+' && s[j] != '-') ++j;
      const std::string term = s.substr(i, j - i);
      i = j;
      auto is_int = [](const std::string& x) {
        return !x.empty() && x.find_first_not_of("0123456789") == std::string::npos;
      };
      if (term == "i") {
        e.a += sign;
      } else if (term.size() > 2 && term.substr(term.size() - 2) == "*i" &&
                 is_int(term.substr(0, term.size() - 2))) {
        add(e.a, sign, term.substr(0, term.size() - 2), key, text);
      } else if (is_int(term)) {
        add(e.b, sign, term, key, text);
      } else {
        fail(key, "'" + text + "' is not an expression \"A*i+B\" (integers A, B)");
      }
    }
    return e;
  }

  void buffer(const toml::node& node, const std::string& where) {
    const toml::table* t = node.as_table();
    if (!t) fail(where, "must be a table");
    only(*t, {"name", "type", "count", "init", "value", "start", "step", "min", "max"}, where);
    BufferSpec b;
    b.name = str(*t, "name", where, "");
    auto valid = [](const std::string& n) {
      if (n.empty() || std::isdigit(static_cast<unsigned char>(n[0]))) return false;
      for (char c : n)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
      return true;
    };
    if (!valid(b.name)) fail(at(where, "name"), "'" + b.name + "' is not a name [A-Za-z_][A-Za-z0-9_]*");
    if (b.name == "i") fail(at(where, "name"), "'i' is reserved (the repetition index)");
    for (const BufferSpec& o : h_.buffers)
      if (o.name == b.name) fail(at(where, "name"), "'" + b.name + "' is declared twice");
    const std::string type = str(*t, "type", where, "");
    const auto ty = type_from(type);
    if (!ty || *ty == Type::Pred || *ty == Type::F16 || type[0] == 'b')
      fail(at(where, "type"), "'" + type + "' is not one of u8 s8 u16 s16 u32 s32 u64 s64 f32 f64");
    b.type = *ty;
    const std::int64_t count = integer(*t, "count", where, -1);
    if (count <= 0) fail(at(where, "count"), "must be a positive integer (elements)");
    b.count = static_cast<std::uint64_t>(count);
    const std::string init = str(*t, "init", where, "zero");
    if (init == "zero")
      b.init = BufferSpec::Init::Zero;
    else if (init == "const")
      b.init = BufferSpec::Init::Const;
    else if (init == "iota")
      b.init = BufferSpec::Init::Iota;
    else if (init == "uniform")
      b.init = BufferSpec::Init::Uniform;
    else
      fail(at(where, "init"), "'" + init + "' is not one of zero const iota uniform");
    b.value = num(*t, "value", where, 0.0);
    b.start = num(*t, "start", where, 0.0);
    b.step = num(*t, "step", where, 1.0);
    b.min = num(*t, "min", where, 0.0);
    b.max = num(*t, "max", where, 1.0);
    if (b.init == BufferSpec::Init::Uniform && !(b.min <= b.max)) fail(at(where, "min"), "must be <= max");
    h_.buffers.push_back(b);
  }

  LaunchSpec launch(const toml::table& t, const std::string& where, bool in_loop) {
    std::set<std::string> keys{"kernel", "grid", "block", "dynamic_shared_bytes", "args", "repeat"};
    if (!in_loop) keys.insert({"while_nonzero", "reset", "max_passes", "launch"});
    only(t, keys, where);
    LaunchSpec l;
    l.where = where;
    l.kernel = str(t, "kernel", where, "");
    if (l.kernel.empty()) fail(at(where, "kernel"), "missing (the .entry name)");
    for (const char* key : {"grid", "block"}) {
      const toml::node* n = t.get(key);
      const toml::array* a = n ? n->as_array() : nullptr;
      if (!a || a->empty() || a->size() > 3)
        fail(at(where, key), "must be an array of 1 to 3 integers or expressions");
      auto& dst = std::string(key) == "grid" ? l.grid : l.block;
      for (std::size_t k = 0; k < a->size(); ++k)
        dst[k] = expr(*a->get(k), at(where, key) + "[" + std::to_string(k) + "]");
    }
    if (const toml::node* n = t.get("dynamic_shared_bytes"))
      l.dynamic_shared_bytes = expr(*n, at(where, "dynamic_shared_bytes"));
    l.repeat = integer(t, "repeat", where, 1);
    if (l.repeat < 1) fail(at(where, "repeat"), "must be >= 1");
    if (const toml::node* n = t.get("args")) {
      const toml::array* a = n->as_array();
      if (!a) fail(at(where, "args"), "must be an array");
      for (std::size_t k = 0; k < a->size(); ++k) {
        const toml::node& v = *a->get(k);
        const std::string key = at(where, "args[" + std::to_string(k) + "]");
        if (v.is_floating_point()) {
          l.args.emplace_back(*v.value<double>());
        } else if (v.is_string()) {
          const std::string s = *v.value<std::string>();
          bool is_buffer = false;
          for (const BufferSpec& b : h_.buffers) is_buffer |= b.name == s;
          if (is_buffer)
            l.args.emplace_back(BufferArg{s});
          else if (!s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_') &&
                   s != "i" && s.find_first_of("+-*") == std::string::npos)
            fail(key, "no buffer '" + s + "'");
          else
            l.args.emplace_back(expr(v, key));
        } else {
          l.args.emplace_back(expr(v, key));
        }
      }
    }
    return l;
  }

  void step(const toml::node& node, const std::string& where) {
    const toml::table* t = node.as_table();
    if (!t) fail(where, "must be a table");
    StepSpec s;
    if (t->get("while_nonzero")) {
      only(*t, {"while_nonzero", "reset", "max_passes", "launch"}, where);
      s.while_nonzero = str(*t, "while_nonzero", where, "");
      bool found = false;
      for (const BufferSpec& b : h_.buffers) found |= b.name == s.while_nonzero;
      if (!found) fail(at(where, "while_nonzero"), "no buffer '" + s.while_nonzero + "'");
      s.reset = integer(*t, "reset", where, 0);
      s.max_passes = integer(*t, "max_passes", where, 1000);
      if (s.max_passes < 1) fail(at(where, "max_passes"), "must be >= 1");
      const toml::node* l = t->get("launch");
      const toml::array* arr = l ? l->as_array() : nullptr;
      if (!arr || arr->empty())
        fail(at(where, "launch"), "a while_nonzero step needs [[step.launch]] tables");
      for (std::size_t k = 0; k < arr->size(); ++k) {
        const std::string w = where + " launch " + std::to_string(k + 1);
        const toml::table* lt = arr->get(k)->as_table();
        if (!lt) fail(w, "must be a table");
        s.launches.push_back(launch(*lt, w, true));
      }
    } else {
      if (t->get("launch")) fail(at(where, "launch"), "[[step.launch]] needs while_nonzero");
      s.launches.push_back(launch(*t, where, false));
    }
    h_.steps.push_back(std::move(s));
  }

  Harness h_;
};
}  // namespace

Harness load_harness(const std::filesystem::path& toml_file) {
  if (!std::filesystem::exists(toml_file)) throw InputError(toml_file.string() + ": no such harness file");
  return Loader(toml_file).run();
}

}  // namespace rfvar::arch::ptx
