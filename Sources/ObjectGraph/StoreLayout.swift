/// Where a model's data lives in a Core Data SQLite store: one table per root entity (`Z` + the upper-cased
/// name) with `Z_PK`, `Z_ENT`, `Z_OPT` and a `Z<NAME>` column per attribute and to-one relationship; a
/// to-many relationship whose inverse is a to-one is the inverse's foreign key read backwards; other to-many
/// relationships (many-to-many, or without inverse) are join tables `Z_<n><RELATIONSHIP>`.
///
/// Entity numbers (`Z_ENT`) come from the file's `Z_PRIMARYKEY` table (or are assigned when the file is
/// created): the layout never computes them on its own.
///
/// Sub-entities: every entity of an inheritance hierarchy shares the root's table (the union of their
/// columns), its rows told apart by `Z_ENT`; a to-one to an entity with sub-entities also stores the row's
/// `Z_ENT` (`Z<n>_<NAME>`). `Z_PK` is unique per table, so a coordinator with a SQLite store numbers a
/// hierarchy's objects from one counter (`PersistentStoreCoordinator.reserveNumber(for:)`), and members
/// read from the file are named by their row's `Z_ENT`. Ordered to-many relationships keep their members'
/// positions in `Z_FOK_` columns: next to the inverse's foreign key, or in the join table of a many-to-many
/// (`Z_FOK_<n><NAME>`, one per ordered side).
struct StoreLayout {
    /// A column and its declared SQL type.
    struct Column: Equatable {
        let name: String
        let type: String
    }

    /// One table of entity rows.
    struct Table {
        /// The unquoted name (`ZCUSTOMER`).
        let name: String
        /// The root entity, then its sub-entities.
        let entities: [EntityDescription]
        /// Every column, `Z_PK`, `Z_ENT`, `Z_OPT` first.
        let columns: [Column]
        /// Columns to index (foreign keys; `Z_ENT` when the table holds several entities).
        let indexedColumns: [String]
    }

    /// A join table of a to-many relationship.
    struct JoinTable {
        let name: String
        /// The column of the rows that own the relationship (`Z_<n><INVERSE>`), then of its members.
        let firstColumn: String
        let secondColumn: String
        /// The members' positions (`Z_FOK_<n><NAME>`) when the writing side is ordered.
        let orderColumn: String?
        /// The owners' positions in the other side's relationship when that side is ordered too.
        var inverseOrderColumn: String? = nil
    }

    /// How one relationship is stored.
    enum RelationshipStorage {
        /// A to-one: the destination's `Z_PK` in `column` of the entity's table (and the destination's
        /// `Z_ENT` in `entityColumn` when the destination has sub-entities; its position among siblings in
        /// `orderColumn` when the inverse is ordered).
        case foreignKey(column: String, entityColumn: String?, orderColumn: String?)
        /// A to-many whose inverse is the to-one at `inverseIndex` of the destination: the rows of
        /// `table` whose `column` holds the object's `Z_PK`.
        case inverseForeignKey(table: String, column: String, inverseIndex: Int)
        /// A to-many in a join table: rows of `table` whose `sourceColumn` holds the object's `Z_PK` list
        /// the members in `destinationColumn`. Only the side that `writes` writes them (the other side is
        /// the same pairs read from the other column); `orderColumn` holds the members' positions when the
        /// relationship is ordered.
        case joinTable(table: String, sourceColumn: String, destinationColumn: String, writes: Bool, orderColumn: String?)
    }

    /// Where one entity's properties are.
    struct EntityMapping {
        /// The entity's number (`Z_ENT`).
        let number: Int
        /// The unquoted table name.
        let table: String
        /// Each attribute's column, indexed like the entity's attributes (nil: transient).
        let attributeColumns: [String?]
        /// Each relationship's storage, indexed like the entity's relationships.
        let relationships: [RelationshipStorage]
    }

    /// Entity numbers by name.
    let entityNumbers: [String: Int]
    /// The tables, in model order of their root entities.
    let tables: [Table]
    /// The join tables.
    let joinTables: [JoinTable]
    /// Every entity's mapping, by name.
    let mappings: [String: EntityMapping]

    // MARK: - Hooks (inheritance, ordered relationships)

    /// The root of an entity's inheritance hierarchy: its topmost superentity (the entity itself when it has none).
    static func root(of entity: EntityDescription) -> EntityDescription {
        var e = entity
        while let parent = e.superentity { e = parent }
        return e
    }

    /// An entity's direct sub-entities, in model order.
    static func subentities(of entity: EntityDescription) -> [EntityDescription] { entity.subentities }

    /// Whether a to-many relationship keeps an order (`Z_FOK_` columns).
    static func isOrdered(_ relationship: RelationshipDescription) -> Bool { relationship.isToMany && relationship.isOrdered }

    /// An entity and all its descendants, the entity first.
    static func hierarchy(of entity: EntityDescription) -> [EntityDescription] {
        [entity] + subentities(of: entity).flatMap { hierarchy(of: $0) }
    }

    /// Entity numbers for a new store: 1, 2, … over the model's roots in model order, each root followed
    /// by its descendants.
    static func newEntityNumbers(_ model: ManagedObjectModel) -> [(entity: EntityDescription, number: Int, superNumber: Int)] {
        var result: [(EntityDescription, Int, Int)] = []
        func add(_ entity: EntityDescription, parent: Int) {
            let number = result.count + 1
            result.append((entity, number, parent))
            for sub in subentities(of: entity) { add(sub, parent: number) }
        }
        for entity in model.entities where root(of: entity) === entity { add(entity, parent: 0) }
        return result
    }

    /// The declared SQL type of an attribute's column.
    static func columnType(_ type: AttributeType) -> String {
        switch type {
        case .integer16, .integer32, .integer, .boolean: return "INTEGER"
        case .double, .float: return "FLOAT"
        case .decimal: return "DECIMAL"
        case .date: return "TIMESTAMP"
        case .string, .uri: return "VARCHAR"
        case .binary, .uuid, .transformable: return "BLOB"
        }
    }

    // MARK: - Building

    /// The layout of `model` with the given entity numbers (every entity of the model must have one).
    init(model: ManagedObjectModel, entityNumbers: [String: Int]) {
        self.entityNumbers = entityNumbers
        var tables: [Table] = []
        var attributeColumns: [String: [String?]] = [:]
        var toOneColumns: [String: [Int: RelationshipStorage]] = [:]
        for rootEntity in model.entities where Self.root(of: rootEntity) === rootEntity {
            let members = Self.hierarchy(of: rootEntity)
            var used: Set<String> = ["Z_PK", "Z_ENT", "Z_OPT"]
            func unique(_ base: String) -> String {
                if used.insert(base).inserted { return base }
                var k = 1
                while !used.insert(base + String(k)).inserted { k += 1 }
                return base + String(k)
            }
            var columns: [(group: Int, column: Column, sortName: String)] = []
            var indexed: [String] = []
            // A property a sub-entity inherits keeps its ancestor's column (same name, same table).
            var byName: [String: String] = [:]
            var inheritedToOne: [String: RelationshipStorage] = [:]
            for entity in members {
                var attrs: [String?] = []
                for a in entity.attributes {
                    guard !a.isTransient else { attrs.append(nil); continue }
                    if let inherited = byName["a:" + a.name] { attrs.append(inherited); continue }
                    let name = unique("Z" + a.name.uppercased())
                    byName["a:" + a.name] = name
                    let type = Self.columnType(a.type)
                    let group = type == "INTEGER" ? 0 : type == "VARCHAR" ? 3 : type == "BLOB" ? 4 : 2   // DECIMAL with the numbers
                    columns.append((group, Column(name: name, type: type), name))
                    attrs.append(name)
                }
                attributeColumns[entity.name] = attrs
                var storages: [Int: RelationshipStorage] = [:]
                for (i, r) in entity.relationships.enumerated() where !r.isToMany {
                    if let storage = inheritedToOne[r.name] {
                        storages[i] = storage
                        continue
                    }
                    let name = unique("Z" + r.name.uppercased())
                    columns.append((1, Column(name: name, type: "INTEGER"), name))
                    indexed.append(name)
                    let destination = entity.destinations[i]
                    var entityColumn: String?
                    if !Self.subentities(of: destination).isEmpty, let n = entityNumbers[destination.name] {
                        entityColumn = unique("Z\(n)_" + name.dropFirst())
                        columns.append((1, Column(name: entityColumn!, type: "INTEGER"), name + "\u{1}"))
                    }
                    var orderColumn: String?
                    if let inverse = entity.inverseIndexes[i], Self.isOrdered(destination.relationships[inverse]) {
                        orderColumn = unique("Z_FOK_" + name.dropFirst())
                        columns.append((1, Column(name: orderColumn!, type: "INTEGER"), name + "\u{2}"))
                    }
                    storages[i] = .foreignKey(column: name, entityColumn: entityColumn, orderColumn: orderColumn)
                    inheritedToOne[r.name] = storages[i]
                }
                toOneColumns[entity.name] = storages
            }
            if members.count > 1 { indexed.append("Z_ENT") }
            // Core Data's observed order: integers, foreign keys (each followed by its entity and order
            // columns), dates and floats, strings, blobs; by name within.
            columns.sort { ($0.group, $0.sortName) < ($1.group, $1.sortName) }
            let all = [Column(name: "Z_PK", type: "INTEGER PRIMARY KEY"), Column(name: "Z_ENT", type: "INTEGER"),
                       Column(name: "Z_OPT", type: "INTEGER")] + columns.map(\.column)
            tables.append(Table(name: "Z" + rootEntity.name.uppercased(), entities: members, columns: all,
                                indexedColumns: indexed))
        }
        // To-many relationships, now that every to-one column is known.
        var joinTables: [JoinTable] = []
        var mappings: [String: EntityMapping] = [:]
        for entity in model.entities {
            let table = "Z" + Self.root(of: entity).name.uppercased()
            var storages: [RelationshipStorage] = []
            for (i, r) in entity.relationships.enumerated() {
                if !r.isToMany {
                    storages.append(toOneColumns[entity.name]![i]!)
                    continue
                }
                let destination = entity.destinations[i]
                let n = entityNumbers[entity.name] ?? 0
                if let j = entity.inverseIndexes[i], !destination.relationships[j].isToMany,
                   case .foreignKey(let column, _, _)? = toOneColumns[destination.name]?[j] {
                    storages.append(.inverseForeignKey(table: "Z" + Self.root(of: destination).name.uppercased(),
                                                       column: column, inverseIndex: j))
                } else if let j = entity.inverseIndexes[i] {
                    // Many-to-many: the relationship whose name sorts later names the table.
                    let inverse = destination.relationships[j]
                    let m = entityNumbers[destination.name] ?? 0
                    // An ordered side writes the pairs (with their positions); else the later name.
                    let isOwner = Self.isOrdered(r) != Self.isOrdered(inverse)
                        ? Self.isOrdered(r) : (r.name, entity.name) >= (inverse.name, destination.name)
                    let (owner, ownerNumber, other, otherNumber) = isOwner ? (r, n, inverse, m) : (inverse, m, r, n)
                    let name = "Z_\(ownerNumber)" + owner.name.uppercased()
                    let first = "Z_\(ownerNumber)" + other.name.uppercased()
                    var second = "Z_\(otherNumber)" + owner.name.uppercased()
                    if second == first { second += "1" }
                    let order = Self.isOrdered(owner) ? "Z_FOK_" + second.dropFirst(2) : nil
                    // Both sides ordered: the other side's positions in a second column, set by its own rows.
                    let inverseOrder = Self.isOrdered(other) ? "Z_FOK_" + first.dropFirst(2) : nil
                    if isOwner {
                        joinTables.append(JoinTable(name: name, firstColumn: first, secondColumn: second, orderColumn: order,
                                                    inverseOrderColumn: inverseOrder))
                    }
                    storages.append(isOwner
                        ? .joinTable(table: name, sourceColumn: first, destinationColumn: second, writes: true, orderColumn: order)
                        : .joinTable(table: name, sourceColumn: second, destinationColumn: first, writes: false, orderColumn: inverseOrder))
                } else {
                    // Without inverse: a join table of the relationship alone (Ripple's naming).
                    let name = "Z_\(n)" + r.name.uppercased()
                    let first = "Z_\(n)" + entity.name.uppercased()
                    var second = "Z_\(entityNumbers[destination.name] ?? 0)" + r.name.uppercased()
                    if second == first { second += "1" }
                    let order = Self.isOrdered(r) ? "Z_FOK_" + second.dropFirst(2) : nil
                    joinTables.append(JoinTable(name: name, firstColumn: first, secondColumn: second, orderColumn: order))
                    storages.append(.joinTable(table: name, sourceColumn: first, destinationColumn: second, writes: true, orderColumn: order))
                }
            }
            mappings[entity.name] = EntityMapping(number: entityNumbers[entity.name] ?? 0, table: table,
                                                  attributeColumns: attributeColumns[entity.name]!, relationships: storages)
        }
        self.tables = tables
        self.joinTables = joinTables
        self.mappings = mappings
    }

    /// The `CREATE` statements of every table and index.
    func createStatements() -> [String] {
        let q = SQLiteStoreFile.quoted
        var sql: [String] = []
        for table in tables {
            sql.append("CREATE TABLE \(q(table.name)) ( " + table.columns.map { "\(q($0.name)) \($0.type)" }.joined(separator: ", ") + " )")
            for column in table.indexedColumns {
                sql.append("CREATE INDEX \(q(table.name + "_" + column + "_INDEX")) ON \(q(table.name)) (\(q(column)))")
            }
        }
        for join in joinTables {
            let order = [join.orderColumn, join.inverseOrderColumn].compactMap { $0 }.map { ", \(q($0)) INTEGER" }.joined()
            sql.append("CREATE TABLE \(q(join.name)) ( \(q(join.firstColumn)) INTEGER, \(q(join.secondColumn)) INTEGER\(order), PRIMARY KEY (\(q(join.firstColumn)), \(q(join.secondColumn))) )")
            sql.append("CREATE INDEX \(q(join.name + "_" + join.secondColumn + "_INDEX")) ON \(q(join.name)) (\(q(join.secondColumn)), \(q(join.firstColumn)))")
        }
        return sql
    }
}
