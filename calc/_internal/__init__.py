# Private implementation of calc; import from `calc` instead.
