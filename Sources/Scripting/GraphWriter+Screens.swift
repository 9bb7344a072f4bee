import ViewControllers

extension GraphWriter {
    /// One controller of the picture and how it hangs from its parent node.
    struct ScreenNode {
        var id: String
        var label: String
        var parent: String?
        var edge: String
        var isPresentation: Bool
        var isVisible: Bool
        /// The objects the controller depends on (`dvc_add`), by name.
        var dependencies: [String] = []
    }

    /// The window's nodes in hierarchy order: the window, then each controller depth first, presentations
    /// after the presenter's subtree (as `Window.describe()` lists them).
    static func screenNodes(_ window: Window, prefix: String) -> [ScreenNode] {
        var nodes = [ScreenNode(id: prefix + "window", label: "Window", parent: nil, edge: "", isPresentation: false,
                                isVisible: false)]
        let visible = Set(window.visibleViewControllers.map(ObjectIdentifier.init))
        // Depth-first in window order, with an explicit stack (a chain of 20,000 children overflowed the
        // native stack when this recursed).
        var pending: [(vc: ViewController, parent: String, edge: String, isPresentation: Bool)] = []
        if let root = window.rootViewController {
            pending.append((root, prefix + "window", "root", false))
        }
        while let (vc, parent, edge, isPresentation) = pending.popLast() {
            let id = prefix + "\(nodes.count)"
            var label = vc.typeName
            if let title = vc.title { label += " \"" + title + "\"" }
            nodes.append(ScreenNode(id: id, label: label, parent: parent, edge: edge, isPresentation: isPresentation,
                                    isVisible: visible.contains(ObjectIdentifier(vc)),
                                    dependencies: vc.dvc_dependencies.map(\.displayName)))
            // Pushed in reverse: the presentation comes after the children.
            // Only the outermost container holds a presentation (its children report the same one).
            if vc.parent == nil, let presented = vc.presentedViewController {
                pending.append((presented, id, "presents (" + presented.modalPresentationStyle.rawValue + ")", true))
            }
            let tabs = vc as? TabBarController
            for (i, child) in vc.children.enumerated().reversed() {
                if vc is NavigationController {
                    pending.append((child, id, "[\(i)]", false))
                } else if let tabs {
                    pending.append((child, id, "[\(i)]" + (i == tabs.selectedIndex ? " selected" : ""), false))
                } else if let split = vc as? SplitViewController {
                    let column = SplitViewController.Column.allCases.first { split.navigationController(for: $0) === child }
                    pending.append((child, id, (column?.rawValue ?? "child") + (split.isCollapsed && i > 0 ? " (collapsed)" : ""), false))
                } else {
                    pending.append((child, id, "child", false))
                }
            }
        }
        return nodes
    }

    static func screensBody(_ window: Window, prefix: String, indent: String) -> String {
        var text = indent + "node [shape=box, fontname=\"Helvetica\"];\n"
        text += indent + "edge [fontname=\"Helvetica\", fontsize=10];\n"
        let nodes = screenNodes(window, prefix: prefix)
        for node in nodes {
            var attributes = "label=" + quoted(node.label)
            if node.parent == nil { attributes += ", shape=box3d" }
            if node.isVisible { attributes += ", style=bold" }
            text += indent + quoted(node.id) + " [" + attributes + "];\n"
        }
        for node in nodes {
            guard let parent = node.parent else { continue }
            text += indent + quoted(parent) + " -> " + quoted(node.id) + " [label=" + quoted(node.edge)
                + (node.isPresentation ? ", style=dashed" : "") + "];\n"
        }
        // Dependencies (dvc_add): each object once per window, a dotted edge from each controller.
        var objects = Set<String>()
        for node in nodes {
            for name in node.dependencies {
                if objects.insert(name).inserted {
                    text += indent + quoted(prefix + "object " + name) + " [label=" + quoted(name) + ", shape=ellipse];\n"
                }
                text += indent + quoted(node.id) + " -> " + quoted(prefix + "object " + name)
                    + " [style=dotted, label=\"dvc_add\"];\n"
            }
        }
        return text
    }

    /// Mermaid's text for a node label: `"` as `#quot;`.
    static func mermaidLabel(_ text: String) -> String {
        "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "#quot;") + "\""
    }

    static func mermaidScreens(_ window: Window) -> String {
        var text = "flowchart TD\n"
        let nodes = screenNodes(window, prefix: "vc")
        for node in nodes {
            let label = mermaidLabel(node.label)
            text += "  " + node.id + (node.parent == nil ? "[[" + label + "]]" : "[" + label + "]") + "\n"
        }
        for node in nodes {
            guard let parent = node.parent else { continue }
            let arrow = node.isPresentation ? " -.->|" : " -->|"
            text += "  " + parent + arrow + mermaidLabel(node.edge) + "| " + node.id + "\n"
        }
        var objects = Set<String>()
        for node in nodes {
            for name in node.dependencies {
                let id = "obj_" + String(name.unicodeScalars.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "_" })
                if objects.insert(id).inserted { text += "  " + id + "((" + mermaidLabel(name) + "))\n" }
                text += "  " + node.id + " -. dvc_add .-> " + id + "\n"
            }
        }
        let visible = nodes.filter(\.isVisible).map(\.id)
        if !visible.isEmpty {
            text += "  classDef visible stroke-width:3px\n"
            text += "  class " + visible.joined(separator: ",") + " visible\n"
        }
        return text
    }
}
