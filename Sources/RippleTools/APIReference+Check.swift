extension APIReference {
    /// Splits a qualified name at its last `:` or `.`: (owner, separator, member); a global has no owner.
    public static func split(_ name: String) -> (owner: String, separator: String, member: String) {
        guard let i = name.lastIndex(where: { $0 == ":" || $0 == "." }) else { return ("", "", name) }
        return (String(name[..<i]), String(name[i]), String(name[name.index(after: i)...]))
    }

    /// Whether an entry covers the bound `name`, on its class or an annotated ancestor.
    public func annotates(_ name: String) -> Bool {
        let (owner, separator, member) = APIReference.split(name)
        let owners = owner.isEmpty || owner == "ripple" ? [owner] : lineage(of: owner)
        return entries.contains { entry in
            owners.contains(entry.owner) && entry.member == member && APIReference.split(entry.name).separator == separator
        }
    }

    /// Compares the annotations with what a fresh engine binds.
    public func check(against surface: APISurface) -> APICheck {
        let bound = surface.names
        let notAnnotated = bound.filter { !annotates($0) }
        let notBound = entries.filter { entry in
            guard isChecked(owner: entry.owner), !entry.isProvidedByScript else { return false }
            let (_, separator, member) = APIReference.split(entry.name)
            return !bound.contains { name in
                let (owner, s, m) = APIReference.split(name)
                guard s == separator, m == member else { return false }
                if entry.owner.isEmpty || entry.owner == "ripple" { return owner == entry.owner }
                return owner == entry.owner || lineage(of: owner).contains(entry.owner)
            }
        }.map(\.name)
        return APICheck(notAnnotated: notAnnotated, notBound: notBound, tourProblems: surface.tourProblems)
    }

    /// LuaLS stubs for names that lack annotations, grouped by owner, to paste into
    /// `Sources/RippleTools/LuaAnnotations*.swift` and complete (types and descriptions are placeholders).
    public func stubs(for names: [String]) -> String {
        var owners: [String] = []
        var members: [String: [(String, String)]] = [:]
        for name in names {
            let (owner, separator, member) = APIReference.split(name)
            if members[owner] == nil { owners.append(owner) }
            members[owner, default: []].append((separator, member))
        }
        var text = ""
        for owner in owners {
            let list = members[owner] ?? []
            let fields = list.filter { $0.0 == "." && owner != "ripple" && !owner.isEmpty }.map(\.1)
            if !fields.isEmpty {
                if classInfo(owner) == nil {
                    text += "---TODO: describe the class.\n---@class \(owner) : userdata\n"
                } else {
                    text += "-- add to ---@class \(owner):\n"
                }
                for field in fields { text += "---@field \(field) any TODO: describe.\n" }
                if classInfo(owner) == nil { text += "local \(owner) = {}\n" }
                text += "\n"
            }
            for (separator, member) in list where separator == ":" || owner == "ripple" || owner.isEmpty {
                let name = owner.isEmpty ? member : owner + separator + member
                text += "---TODO: describe.\nfunction \(name)(...) end\n\n"
            }
        }
        return text
    }
}
