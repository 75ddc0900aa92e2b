// nginx in front of instances: shared with `npm run bench`, which must not import from tests/.
export * from '../../scripts/bench/nginx.ts'
