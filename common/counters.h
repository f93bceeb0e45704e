// Field-wise arithmetic on statistics structs (counters kept apart from model state, ChampSim-style).
//
// Contract: a counter struct S lists its counters once, as
//   template <class Self> static auto counters(Self& s) { return std::tie(s.a, s.b, ...); }
// (Self is S or const S, so the one list serves reading and writing). add_counters(a, b) adds every
// counter of b to a with +=, in list order; a field left out of the list is not a counter (a peak, a
// derived value) and stays the caller's business. add_tied / subtract_tied do the same on tuples of
// references, so one struct's list can select the same-named counters of another struct.
#pragma once

#include <cstddef>
#include <tuple>
#include <utility>

namespace rfvar {

template <class... A, class... B>
void add_tied(const std::tuple<A&...>& a, const std::tuple<B&...>& b) {
  static_assert(sizeof...(A) == sizeof...(B));
  [&]<std::size_t... I>(std::index_sequence<I...>) { ((std::get<I>(a) += std::get<I>(b)), ...); }(
      std::index_sequence_for<A...>{});
}

// d = a - b, counter by counter.
template <class... D, class... A, class... B>
void subtract_tied(const std::tuple<D&...>& d, const std::tuple<A&...>& a, const std::tuple<B&...>& b) {
  static_assert(sizeof...(D) == sizeof...(A) && sizeof...(A) == sizeof...(B));
  [&]<std::size_t... I>(std::index_sequence<I...>) { ((std::get<I>(d) = std::get<I>(a) - std::get<I>(b)), ...); }(
      std::index_sequence_for<D...>{});
}

template <class S>
S& add_counters(S& a, const S& b) {
  add_tied(S::counters(a), S::counters(b));
  return a;
}

}  // namespace rfvar
