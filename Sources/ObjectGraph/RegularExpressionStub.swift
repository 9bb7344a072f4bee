// Temporary stand-in until the predicate engine's regular expressions land.
struct RegularExpression {
    let pattern: String
    init(_ pattern: String) throws { self.pattern = pattern }
    func matches(_ s: String) -> Bool { true }
}
