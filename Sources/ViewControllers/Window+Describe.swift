/// A deterministic, indented text picture of a window's hierarchy.
extension Window {
    /// The whole hierarchy as an indented tree, two spaces per level, no trailing newline.
    ///
    /// Each controller prints as its type name and quoted title. Navigation stack entries carry their
    /// index, tabs their index and `(selected)` on the selected one, a split view controller's columns their
    /// column (`[primary]`, `[supplementary]`, `[secondary]`; the split prints `(collapsed)` when it is); a presentation follows its
    /// presenter's subtree as `presents (style): …`.
    ///
    /// ```text
    /// Window
    ///   NavigationController "Main"
    ///     [0] ViewController "List"
    ///     [1] ViewController "Form"
    ///     presents (fullScreen): ViewController "Detail"
    /// ```
    public func describe() -> String {
        var lines = ["Window"]
        if let root = rootViewController {
            Window.describe(root, prefix: "", depth: 1, into: &lines)
        } else {
            lines.append("  (no root view controller)")
        }
        return lines.joined(separator: "\n")
    }

    /// Indentation stops growing at this depth; deeper lines carry their depth instead.
    static let maximumIndentDepth = 100

    /// Walks the hierarchy with an explicit stack (a presentation or containment chain of any depth
    /// describes without deep native recursion). Beyond ``maximumIndentDepth`` levels, lines keep that
    /// indentation and start with `(depth N) `, so that a 10,000-deep chain stays a readable, linear size.
    private static func describe(_ root: ViewController, prefix: String, depth: Int, into lines: inout [String]) {
        // Pending entries, the next to print on top.
        var stack: [(vc: ViewController, prefix: String, depth: Int, selected: Bool)] = [(root, prefix, depth, false)]
        while let (vc, prefix, depth, selected) = stack.popLast() {
            var line = String(repeating: "  ", count: min(depth, maximumIndentDepth))
            if depth > maximumIndentDepth { line += "(depth \(depth)) " }
            line += prefix + vc.typeName
            if let title = vc.title { line += " \"" + title + "\"" }
            if selected { line += " (selected)" }
            if let split = vc as? SplitViewController, split.isCollapsed { line += " (collapsed)" }
            lines.append(line)
            var next: [(vc: ViewController, prefix: String, depth: Int, selected: Bool)] = []
            let tabs = vc as? TabBarController
            for (i, child) in vc.children.enumerated() {
                if vc is NavigationController {
                    next.append((child, "[\(i)] ", depth + 1, false))
                } else if let tabs {
                    next.append((child, "[\(i)] ", depth + 1, i == tabs.selectedIndex))
                } else if let split = vc as? SplitViewController {
                    let column = split.navigationController(for: .supplementary) === child ? "supplementary"
                        : (split.navigationController(for: .primary) === child ? "primary" : "secondary")
                    next.append((child, "[\(column)] ", depth + 1, false))
                } else {
                    next.append((child, "", depth + 1, false))
                }
            }
            if let presented = vc.presentedStorage {
                next.append((presented, "presents (\(presented.modalPresentationStyle.rawValue)): ", depth + 1, false))
            }
            stack.append(contentsOf: next.reversed())
        }
    }
}
