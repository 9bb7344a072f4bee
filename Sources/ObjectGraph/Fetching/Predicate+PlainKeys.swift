extension Predicate {
    /// The keys the predicate reads when it reads nothing but its object's own keys by name (no key path of
    /// several keys, no collection operator, no `SELF`, variable, subquery or block) and constants; nil
    /// otherwise. Such a predicate's result depends on those keys' values only, so a change to none of them
    /// leaves it as it was (what a fetched-results controller uses to skip evaluating it).
    public var plainKeys: [String]? {
        var keys: [String] = []
        return Predicate.collectPlainKeys(node, into: &keys) ? keys : nil
    }

    private static func collectPlainKeys(_ node: Node, into keys: inout [String]) -> Bool {
        switch node {
        case .constant: return true
        case .block: return false
        case .comparison(let c):
            for e in [c.leftExpression, c.rightExpression] {
                switch e {
                case .constantValue: continue
                case .keyPath(let p):
                    if p.utf8.contains(UInt8(ascii: ".")) || p.hasPrefix("@") { return false }
                    keys.append(p)
                default: return false
                }
            }
            return true
        case .not(let inner): return collectPlainKeys(inner, into: &keys)
        case .and(let items), .or(let items):
            for item in items where !collectPlainKeys(item, into: &keys) { return false }
            return true
        }
    }
}
