// Name -> factory tables for policies (schedulers, mappings, techniques).
//
// Contract: each folder fills one Registry from one explicit table (no static-initialization
// magic); create() on an unknown name throws InputError listing the accepted names.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/config.h"

namespace rfvar {

template <typename Interface, typename... Args>
class Registry {
 public:
  using Factory = std::function<std::unique_ptr<Interface>(Args...)>;

  Registry(std::string what, std::vector<std::pair<std::string, Factory>> table) : what_(std::move(what)) {
    for (auto& [name, f] : table) table_.emplace(std::move(name), std::move(f));
  }

  std::unique_ptr<Interface> create(const std::string& name, Args... args) const {
    auto it = table_.find(name);
    if (it == table_.end()) throw InputError("unknown " + what_ + " '" + name + "'; accepted: " + names_joined());
    return it->second(std::forward<Args>(args)...);
  }
  bool contains(const std::string& name) const { return table_.count(name) != 0; }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& [n, _] : table_) out.push_back(n);
    return out;
  }
  std::string names_joined() const {
    std::string s;
    for (const auto& [n, _] : table_) s += (s.empty() ? "" : ", ") + n;
    return s;
  }

 private:
  std::string what_;
  std::map<std::string, Factory> table_;
};

}  // namespace rfvar
