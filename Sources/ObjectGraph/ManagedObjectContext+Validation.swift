extension ManagedObjectContext {
    /// Validates every inserted and updated object and every deleted object's deny rules, then what the
    /// objects' classes check (``classValidationErrors(_:operation:after:)``).
    /// Returns nil when all is well, the single error, or a 1560 error wrapping several.
    /// - Throws: the error a class's validation method raised (not a validation failure: its code is wrong).
    func validationError() throws -> ObjectGraphError? {
        var errors: [ObjectGraphError] = []
        let classes = model.hasManagedObjectClasses
        // Most saves are valid: the objects are checked in any order first (no union of the two), and put in
        // object order (the order the errors are listed in) only when one of them has something to report.
        if !classes && deleted.isEmpty && !inserted.contains(where: { !Self.validate($0).isEmpty })
            && !updated.contains(where: { !Self.validate($0).isEmpty }) { return nil }
        let candidates = updated.isEmpty ? inserted.objectsInObjectOrder()
            : (inserted.isEmpty ? updated : Set(inserted).union(updated)).sortedInObjectOrder()
        for object in candidates {
            let own = Self.validate(object)
            errors += own
            if classes {
                errors += try classValidationErrors(object, operation: object.state.isInserted ? .insert : .update, after: own)
            }
        }
        for object in deleted.sortedInObjectOrder() {
            for (i, r) in object.entity.relationships.enumerated() where r.deleteRule == .deny {
                let targets: [ManagedObject] = r.isToMany ? Array(object.toManyValues[i])
                    : (object.toOneValues[i].map { [$0] } ?? [])
                let live = targets.filter { !$0.state.isDeleted }
                guard !live.isEmpty else { continue }
                let value: Value = r.isToMany ? .collection(live.map { .object($0) }) : .object(live[0])
                errors.append(.validation(1600, "\(r.name) is not valid.", object: object, key: r.name, value: value,
                    reason: "the relationship denies the delete while it holds \(live.map(\.displayName).joined(separator: ", "))"))
            }
            if classes { errors += try classValidationErrors(object, operation: .delete, after: []) }
        }
        if errors.isEmpty { return nil }
        if errors.count == 1 { return errors[0] }
        var message = "Error Domain=NSCocoaErrorDomain Code=1560 \"Multiple validation errors occurred.\" UserInfo={NSDetailedErrors=("
        message += errors.map { "\n    " + $0.message }.joined(separator: ",")
        message += "\n)}"
        return ObjectGraphError(.validation, code: 1560, message, detailedErrors: errors)
    }

    /// The validation errors of one object (`validateForInsert` / `validateForUpdate`), in key order.
    static func validate(_ object: ManagedObject) -> [ObjectGraphError] {
        var errors: [ObjectGraphError] = []
        let entity = object.entity
        // Optional attributes without a range, length or pattern have nothing to check.
        for (i, requiredOnly) in entity.validatedAttributes {
            // A required attribute without limits that holds a value: nothing to check (and no copy of its
            // description).
            if requiredOnly && !object.attributeValues[i].isNull { continue }
            validate(attributeAt: i, of: object, into: &errors)
        }
        for (i, r) in entity.relationships.enumerated() {
            if r.isToMany {
                let members = object.toManyValues[i].filter { !$0.state.isDeleted }
                let value = Value.collection(members.map { .object($0) })
                let minimum = r.minCount ?? (r.isOptional ? 0 : 1)
                if members.count < minimum {
                    errors.append(.validation(1580, "Too few items in \(r.name).", object: object, key: r.name, value: value))
                }
                if let max = r.maxCount, max > 0, members.count > max {
                    errors.append(.validation(1590, "Too many items in \(r.name).", object: object, key: r.name, value: value))
                }
            } else if !r.isOptional {
                let target = object.toOneValues[i]
                if target == nil || target!.state.isDeleted {
                    errors.append(.validation(1570, "\(r.name) is a required value.", object: object, key: r.name, value: .null))
                }
            }
        }
        return errors
    }

    /// The validation errors of attribute `i` of `object` (required, range, length, pattern), appended to
    /// `errors`.
    static func validate(attributeAt i: Int, of object: ManagedObject, into errors: inout [ObjectGraphError]) {
        let entity = object.entity
        let a = entity.attributes[i]
        let value = object.attributeValues[i]
        if value.isNull {
            if !a.isOptional {
                errors.append(.validation(1570, "\(a.name) is a required value.", object: object, key: a.name, value: value))
            }
            return
        }
        let isDate = a.type == .date
        if let range = a.type.integerRange, case .integer(let n) = value, !range.contains(n) {
            // Integer 16 and 32 hold what their width holds (Core Data's NSNumber range check).
            errors.append(n > range.upperBound
                ? .validation(1610, "\(a.name) is too large.", object: object, key: a.name, value: value)
                : .validation(1620, "\(a.name) is too small.", object: object, key: a.name, value: value))
        }
        if case .decimal(let d) = value {
            if let max = a.maxValue, let bound = DecimalValue(max), d > bound {
                errors.append(.validation(1610, "\(a.name) is too large.", object: object, key: a.name, value: value))
            }
            if let min = a.minValue, let bound = DecimalValue(min), d < bound {
                errors.append(.validation(1620, "\(a.name) is too small.", object: object, key: a.name, value: value))
            }
        } else if let number = value.numericValue, a.type != .string {
            if let max = a.maxValue, number > max {
                errors.append(.validation(isDate ? 1630 : 1610, "\(a.name) is too \(isDate ? "late" : "large").",
                                          object: object, key: a.name, value: value))
            }
            if let min = a.minValue, number < min {
                errors.append(.validation(isDate ? 1640 : 1620, "\(a.name) is too \(isDate ? "soon" : "small").",
                                          object: object, key: a.name, value: value))
            }
        }
        if case .string(let s) = value {
            // Counting characters walks the string: only when a length limit asks for it.
            let length = a.maxLength == nil && a.minLength == nil ? 0 : s.count
            if let max = a.maxLength, length > max {
                errors.append(.validation(1660, "\(a.name) is too long.", object: object, key: a.name, value: value))
            }
            if let min = a.minLength, length < min {
                errors.append(.validation(1670, "\(a.name) is too short.", object: object, key: a.name, value: value))
            }
            if let pattern = a.regularExpression, let failure = Self.patternFailure(s, pattern) {
                errors.append(.validation(1680, "\(a.name) is not valid.", object: object, key: a.name, value: value,
                                          reason: failure.isEmpty ? nil : failure))
            }
        }
    }

    /// Why a string fails its attribute's pattern (ICU semantics, whole-string match): nil when it matches,
    /// "" when it does not, or the ICU error when the pattern is malformed or the match hit a limit
    /// (`Can't do regex matching, reason: U_REGEX_TIME_OUT…`).
    static func patternFailure(_ string: String, _ pattern: String) -> String? {
        do {
            return try RegularExpression(pattern: pattern, options: []).matchesWhole(string) ? nil : ""
        } catch let error as ObjectGraphError {
            return error.message
        } catch {
            return "\(error)"
        }
    }
}

extension ObjectGraphError {
    /// A validation error in Core Data's `NSError` description format.
    static func validation(_ code: Int, _ description: String, object: ManagedObject, key: String, value: Value,
                           reason: String? = nil) -> ObjectGraphError {
        var message = "Error Domain=NSCocoaErrorDomain Code=\(code) \"\(description)\" UserInfo={NSValidationErrorObject=\(object.displayName), NSValidationErrorKey=\(key), NSValidationErrorValue=\(value)"
        if let reason { message += ", NSLocalizedFailureReason=\(reason)" }
        message += "}" + object.changeSiteSuffix(forKey: key, value: value)
        var error = ObjectGraphError(.validation, code: code, message)
        error.validationKey = key
        return error
    }
}
