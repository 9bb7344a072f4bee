/// A deterministic, indented text picture of a window's hierarchy.
extension Window {
    /// The whole hierarchy as an indented tree, two spaces per level, no trailing newline.
    ///
    /// Each controller prints as its type name and quoted title. Navigation stack entries carry their
    /// index, tabs their index and `(selected)` on the selected one; a presentation follows its
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

    private static func describe(_ vc: ViewController, prefix: String, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        var line = indent + prefix + vc.typeName
        if let title = vc.title { line += " \"" + title + "\"" }
        lines.append(line)
        let tabs = vc as? TabBarController
        for (i, child) in vc.children.enumerated() {
            if vc is NavigationController {
                describe(child, prefix: "[\(i)] ", depth: depth + 1, into: &lines)
            } else if let tabs {
                let before = lines.count
                describe(child, prefix: "[\(i)] ", depth: depth + 1, into: &lines)
                if i == tabs.selectedIndex { lines[before] += " (selected)" }
            } else {
                describe(child, prefix: "", depth: depth + 1, into: &lines)
            }
        }
        if let presented = vc.presentedStorage {
            describe(presented, prefix: "presents (\(presented.modalPresentationStyle.rawValue)): ", depth: depth + 1, into: &lines)
        }
    }
}
