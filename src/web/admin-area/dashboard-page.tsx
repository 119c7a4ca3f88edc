export { default } from '../components/not-built-page'
